import { defaultLocale, locales } from '@signlink/contracts/locales';
import { webNamespaces, webResources } from './web-resources.ts';

/** i18next options shared by the web app and the server, so both resolve keys the same way. */
export const i18nOptions = {
  resources: webResources,
  fallbackLng: defaultLocale,
  supportedLngs: [...locales],
  // i18next would otherwise turn "en-us" into "en-US" and miss our resource keys.
  lowerCaseLng: true,
  ns: [...webNamespaces],
  defaultNS: 'app',
  interpolation: { escapeValue: false },
  returnNull: false,
} as const;
