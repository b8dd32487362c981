import type { Locale } from '@signlink/contracts/locales';
import enMessages from '../locales/en-us/messages.json';
import enSealing from '../locales/en-us/sealing.json';
import esMessages from '../locales/es/messages.json';
import esSealing from '../locales/es/sealing.json';
import svMessages from '../locales/sv/messages.json';
import svSealing from '../locales/sv/sealing.json';
import { webNamespaces, webResources } from './web-resources.ts';

/**
 * Every namespace: the web app's two (web-resources.ts) and `messages`, the e-mails and texts the server
 * sends, which the web app never loads (the recipient's page stays light), and `sealing`, the texts of sealed PDFs.
 */
export const namespaces = [...webNamespaces, 'messages', 'sealing'] as const;
export type Namespace = (typeof namespaces)[number];

export type Resources = Record<Namespace, Record<string, unknown>>;

export const resources: Record<Locale, Resources> = {
  'en-us': { ...webResources['en-us'], messages: enMessages, sealing: enSealing },
  sv: { ...webResources.sv, messages: svMessages, sealing: svSealing },
  es: { ...webResources.es, messages: esMessages, sealing: esSealing },
};
