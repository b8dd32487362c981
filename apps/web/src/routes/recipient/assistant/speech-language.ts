import type { Locale } from '@signlink/contracts/locales';

/** The BCP-47 tag the browser's speech engines want for each of our languages. */
const speechTags: Record<Locale, string> = { 'en-us': 'en-US', sv: 'sv-SE', es: 'es-ES' };

export function speechTagOf(locale: Locale): string {
  return speechTags[locale];
}
