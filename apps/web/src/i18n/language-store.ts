import { type Locale, matchLocale } from '@signlink/contracts/locales';

/** localStorage key of the visitor's language choice (SPEC section 3, settings: language). */
export const languageStorageKey = 'signlink.language';

/** The stored choice, else the browser's languages, else en-us (SPEC section 1: en-us is the default). */
export function initialLanguage(storage: Storage, browserLanguages: readonly string[]): Locale {
  const stored = readStored(storage);
  return matchLocale(stored ?? browserLanguages.join(','));
}

export function storeLanguage(storage: Storage, locale: Locale): void {
  try {
    storage.setItem(languageStorageKey, locale);
  } catch {
    // Private modes may refuse storage; the choice then lasts for this page only.
  }
}

function readStored(storage: Storage): string | null {
  try {
    return storage.getItem(languageStorageKey);
  } catch {
    return null;
  }
}
