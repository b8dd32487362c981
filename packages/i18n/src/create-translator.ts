import type { Locale } from '@signlink/contracts/locales';
import i18next, { type i18n, type TFunction } from 'i18next';
import { i18nOptions } from './i18n-options.ts';
import { namespaces, resources } from './resources.ts';

let shared: i18n | undefined;

function sharedInstance(): i18n {
  if (!shared) {
    shared = i18next.createInstance();
    // Resources are bundled, so init completes synchronously. The server also knows `messages`.
    void shared.init({ ...i18nOptions, resources, ns: [...namespaces], initAsync: false });
  }
  return shared;
}

/** A translator fixed to one language, for e-mails, SMS, PDFs and server error messages. */
export function createTranslator(locale: Locale): TFunction {
  return sharedInstance().getFixedT(locale);
}
