import { defaultLocale, locales } from '@signlink/contracts/locales';
import { webNamespaces } from './web-namespaces.ts';

/**
 * i18next options shared by the web app and the server, so both resolve keys the same way. The texts are each
 * side's own: the server and tests bundle every language, the web app loads the one it shows.
 */
export const i18nBaseOptions = {
  fallbackLng: defaultLocale,
  supportedLngs: [...locales],
  // i18next would otherwise turn "en-us" into "en-US" and miss our resource keys.
  lowerCaseLng: true,
  ns: [...webNamespaces],
  defaultNS: 'app',
  interpolation: { escapeValue: false },
  returnNull: false,
} as const;
