import { i18nBaseOptions } from './i18n-base-options.ts';
import { webResources } from './web-resources.ts';

/** The shared options with every language's web texts bundled: the server's translator and tests. */
export const i18nOptions = { ...i18nBaseOptions, resources: webResources } as const;
