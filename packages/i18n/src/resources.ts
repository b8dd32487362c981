import type { Locale } from '@signlink/contracts/locales';
import enMessages from '../locales/en-us/messages.json';
import esMessages from '../locales/es/messages.json';
import svMessages from '../locales/sv/messages.json';
import { webNamespaces, webResources } from './web-resources.ts';

/**
 * Every namespace: the web app's two (web-resources.ts) and `messages`, the e-mails and texts the server
 * sends, which the web app never loads (the recipient's page stays light).
 */
export const namespaces = [...webNamespaces, 'messages'] as const;
export type Namespace = (typeof namespaces)[number];

export type Resources = Record<Namespace, Record<string, unknown>>;

export const resources: Record<Locale, Resources> = {
  'en-us': { ...webResources['en-us'], messages: enMessages },
  sv: { ...webResources.sv, messages: svMessages },
  es: { ...webResources.es, messages: esMessages },
};
