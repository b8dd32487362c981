import { defaultLocale, isLocale, type Locale } from '@signlink/contracts/locales';
import { i18nOptions } from '@signlink/i18n/i18n-options';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storeLanguage } from './language-store.ts';

/**
 * One i18next instance for the app, with the shared options so web and server resolve keys alike. Every change of
 * language is stored and mirrored on `<html lang>`, wherever the change comes from.
 */
export function createAppI18n(language: Locale, storage: Storage, doc: Document): i18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  // Resources are bundled, so init completes synchronously and the first render is already translated.
  void instance.init({ ...i18nOptions, lng: language, initAsync: false });
  doc.documentElement.lang = language;
  instance.on('languageChanged', (next) => {
    if (!isLocale(next)) return;
    storeLanguage(storage, next);
    doc.documentElement.lang = next;
  });
  return instance;
}

/** The active language as one of ours; i18next may report a fallback such as "cimode" in tests. */
export function currentLocale(instance: i18n): Locale {
  const language = instance.resolvedLanguage ?? instance.language;
  return isLocale(language) ? language : defaultLocale;
}
