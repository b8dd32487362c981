import type { AssistantVersion } from '@signlink/contracts/assistant/assistant-settings';
import type { Locale } from '@signlink/contracts/locales';
import { createTranslator } from '@signlink/i18n/create-translator';

/**
 * The assistant versions an owner can pick (SPEC section 7, `GET linktinker/app/ai/phil/versions`). A version is a
 * way of answering, the same offline or with a model: `phil-1` quotes the passages it finds, `phil-1-concise`
 * answers with the one best passage.
 */
const versionIds = ['phil-1', 'phil-1-concise'] as const;

export const defaultAssistantVersion = 'phil-1';

/** The versions, named and described in the caller's language. */
export function assistantVersionsIn(locale: Locale): AssistantVersion[] {
  const t = createTranslator(locale);
  return versionIds.map((version) => ({
    Version: version,
    Name: t(`messages:assistant.versions.${version}.name`),
    Description: t(`messages:assistant.versions.${version}.description`),
    IsDefault: version === defaultAssistantVersion,
  }));
}

export function isKnownAssistantVersion(version: string): boolean {
  return (versionIds as readonly string[]).includes(version);
}

/** How many passages an answer quotes, by version. */
export function passagesPerAnswer(version: string): number {
  return version === 'phil-1-concise' ? 1 : 2;
}
