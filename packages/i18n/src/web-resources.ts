import type { Locale } from '@signlink/contracts/locales';
import enApp from '../locales/en-us/app.json';
import enErrors from '../locales/en-us/errors.json';
import esApp from '../locales/es/app.json';
import esErrors from '../locales/es/errors.json';
import svApp from '../locales/sv/app.json';
import svErrors from '../locales/sv/errors.json';

/** What the web app bundles: `app` (its texts) and `errors` (SPEC section 8 messages, shared with the server). */
export const webNamespaces = ['app', 'errors'] as const;

export const webResources = {
  'en-us': { app: enApp, errors: enErrors },
  sv: { app: svApp, errors: svErrors },
  es: { app: esApp, errors: esErrors },
} satisfies Record<Locale, Record<(typeof webNamespaces)[number], unknown>>;
