/// <reference path="./recipient-texts.d.ts" />
import type { Locale } from '@signlink/contracts/locales';
import type { WebLanguageTexts } from './web-resources.ts';

/**
 * Each language's web texts as a chunk of its own, so a page carries the language it shows rather than all three
 * (every visitor, the recipient included, saved about 17 kB gzip when this was split).
 */
export const loadWebLanguage: Record<Locale, () => Promise<WebLanguageTexts>> = {
  'en-us': async () => {
    const [app, errors] = await Promise.all([
      import('../locales/en-us/app.json'),
      import('../locales/en-us/errors.json'),
    ]);
    return { app: app.default, errors: errors.default };
  },
  sv: async () => {
    const [app, errors] = await Promise.all([import('../locales/sv/app.json'), import('../locales/sv/errors.json')]);
    return { app: app.default, errors: errors.default };
  },
  es: async () => {
    const [app, errors] = await Promise.all([import('../locales/es/app.json'), import('../locales/es/errors.json')]);
    return { app: app.default, errors: errors.default };
  },
};

/**
 * A document link's page: its own sections of `app` only (recipient-sections.ts, cut when the web app is built) and
 * every error text, in about a third of the bytes of the whole language.
 */
export const loadRecipientLanguage: Record<Locale, () => Promise<WebLanguageTexts>> = {
  'en-us': async () => {
    const [app, errors] = await Promise.all([
      import('../locales/en-us/app.json?recipient'),
      import('../locales/en-us/errors.json'),
    ]);
    return { app: app.default, errors: errors.default };
  },
  sv: async () => {
    const [app, errors] = await Promise.all([
      import('../locales/sv/app.json?recipient'),
      import('../locales/sv/errors.json'),
    ]);
    return { app: app.default, errors: errors.default };
  },
  es: async () => {
    const [app, errors] = await Promise.all([
      import('../locales/es/app.json?recipient'),
      import('../locales/es/errors.json'),
    ]);
    return { app: app.default, errors: errors.default };
  },
};
