import { defaultLocale, isLocale, type Locale } from '@signlink/contracts/locales';
import { i18nBaseOptions } from '@signlink/i18n/i18n-base-options';
import type { WebLanguageTexts } from '@signlink/i18n/web-resources';
import i18next, { type BackendModule, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storeLanguage } from './language-store.ts';

/** The texts the app starts with, and how it gets a language it has not got yet. */
export interface AppTexts {
  /** At least the start language's texts (the page loads them before it renders); tests give all three. */
  bundled: Partial<Record<Locale, WebLanguageTexts>>;
  /** Loads another language when the user switches to it; absent when every language is bundled. */
  load?: (language: Locale) => Promise<WebLanguageTexts>;
}

/**
 * One i18next instance for the app, with the shared options so web and server resolve keys alike. Every change of
 * language is stored and mirrored on `<html lang>`, wherever the change comes from.
 */
export function createAppI18n(language: Locale, storage: Storage, doc: Document, texts: AppTexts): i18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  if (texts.load) instance.use(languageBackend(texts.load));
  // The start language is bundled, so init completes synchronously and the first render is already translated.
  void instance.init({
    ...i18nBaseOptions,
    resources: texts.bundled,
    partialBundledLanguages: true,
    // Loading languages on demand, a fallback would fetch English beside every other language for nothing:
    // every key exists in every language (packages/i18n's missing-keys test).
    ...(texts.load ? { fallbackLng: false } : {}),
    lng: language,
    initAsync: false,
  });
  doc.documentElement.lang = language;
  instance.on('languageChanged', (next) => {
    if (!isLocale(next)) return;
    storeLanguage(storage, next);
    doc.documentElement.lang = next;
  });
  return instance;
}

/** i18next asks per namespace; the loader's chunk holds them all, and the module cache makes the second ask free. */
function languageBackend(load: (language: Locale) => Promise<WebLanguageTexts>): BackendModule {
  return {
    type: 'backend',
    init: () => {},
    read(language, namespace, callback) {
      if (!isLocale(language)) return callback(null, {});
      load(language).then(
        (loaded) => callback(null, loaded[namespace as keyof WebLanguageTexts] ?? {}),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
      );
    },
  };
}

/** The active language as one of ours; i18next may report a fallback such as "cimode" in tests. */
export function currentLocale(instance: i18n): Locale {
  const language = instance.resolvedLanguage ?? instance.language;
  return isLocale(language) ? language : defaultLocale;
}
