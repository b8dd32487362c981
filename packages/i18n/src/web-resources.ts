import type { Locale } from '@signlink/contracts/locales';
import enApp from '../locales/en-us/app.json';
import enErrors from '../locales/en-us/errors.json';
import esApp from '../locales/es/app.json';
import esErrors from '../locales/es/errors.json';
import svApp from '../locales/sv/app.json';
import svErrors from '../locales/sv/errors.json';
import type { WebNamespace } from './web-namespaces.ts';

export { webNamespaces } from './web-namespaces.ts';

/** One language's web texts, namespace by namespace. */
export type WebLanguageTexts = Record<WebNamespace, Record<string, unknown>>;

/** Every language's web texts in one module: the server and tests. The web app loads them one language at a time. */
export const webResources = {
  'en-us': { app: enApp, errors: enErrors },
  sv: { app: svApp, errors: svErrors },
  es: { app: esApp, errors: esErrors },
} satisfies Record<Locale, WebLanguageTexts>;
