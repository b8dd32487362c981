import type { Locale } from '@signlink/contracts/locales';
import type { Resources } from './resources.ts';

function flatten(value: unknown, prefix: string, out: Set<string>): Set<string> {
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.add(prefix);
  }
  return out;
}

/** Keys each language lacks compared with the union over all languages, as "namespace:path". */
export function findMissingKeys(all: Record<Locale, Resources>): Record<string, string[]> {
  const keysByLocale = Object.fromEntries(
    Object.entries(all).map(([locale, res]) => [locale, flatten(res, '', new Set())]),
  );
  const union = new Set(Object.values(keysByLocale).flatMap((keys) => [...keys]));
  return Object.fromEntries(
    Object.entries(keysByLocale).map(([locale, keys]) => [
      locale,
      [...union].filter((key) => !keys.has(key)).map((key) => key.replace('.', ':')),
    ]),
  );
}
