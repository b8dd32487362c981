import { defaultLocale, type Locale, locales } from '@signlink/contracts/locales';
import i18next, { type i18n, type TFunction } from 'i18next';
import { namespaces, resources } from './resources.ts';

/** i18next options shared by the web app and the server, so both resolve keys the same way. */
export const i18nOptions = {
  resources,
  fallbackLng: defaultLocale,
  supportedLngs: [...locales],
  // i18next would otherwise turn "en-us" into "en-US" and miss our resource keys.
  lowerCaseLng: true,
  ns: [...namespaces],
  defaultNS: 'app',
  interpolation: { escapeValue: false },
  returnNull: false,
} as const;

let shared: i18n | undefined;

function sharedInstance(): i18n {
  if (!shared) {
    shared = i18next.createInstance();
    // Resources are bundled, so init completes synchronously.
    void shared.init({ ...i18nOptions, initAsync: false });
  }
  return shared;
}

/** A translator fixed to one language, for e-mails, SMS, PDFs and server error messages. */
export function createTranslator(locale: Locale): TFunction {
  return sharedInstance().getFixedT(locale);
}
