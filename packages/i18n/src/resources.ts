import type { Locale } from '@signlink/contracts/locales';
import enApp from '../locales/en-us/app.json';
import enErrors from '../locales/en-us/errors.json';
import esApp from '../locales/es/app.json';
import esErrors from '../locales/es/errors.json';
import svApp from '../locales/sv/app.json';
import svErrors from '../locales/sv/errors.json';

/** Namespaces: `errors` (SPEC section 8 messages, used by server and web) and `app` (the web app's texts). */
export const namespaces = ['app', 'errors'] as const;
export type Namespace = (typeof namespaces)[number];

export type Resources = Record<Namespace, Record<string, unknown>>;

export const resources: Record<Locale, Resources> = {
  'en-us': { app: enApp, errors: enErrors },
  sv: { app: svApp, errors: svErrors },
  es: { app: esApp, errors: esErrors },
};
