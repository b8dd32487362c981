/** SPEC section 1: the three languages; en-us is the default. */
export const locales = ['en-us', 'sv', 'es'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en-us';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** Maps an Accept-Language header or a stored choice ("sv-SE", "es", "en") to one of ours. */
export function matchLocale(input: string | null | undefined): Locale {
  if (!input) return defaultLocale;
  for (const part of input.toLowerCase().split(',')) {
    const tag = part.split(';')[0]?.trim() ?? '';
    if (isLocale(tag)) return tag;
    const language = tag.split('-')[0];
    if (language === 'sv') return 'sv';
    if (language === 'es') return 'es';
    if (language === 'en') return 'en-us';
  }
  return defaultLocale;
}
