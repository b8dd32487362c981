import type { AssistantVersion } from '@signlink/contracts/assistant/assistant-settings';

/**
 * The assistant versions an owner can pick (SPEC section 7, `GET linktinker/app/ai/phil/versions`). A version is a
 * way of answering, the same offline or with a model: `phil-1` quotes the passages it finds, `phil-1-concise`
 * answers with the one best passage.
 */
export const assistantVersions: readonly AssistantVersion[] = [
  {
    Version: 'phil-1',
    Name: 'Phil 1 (document and knowledge files)',
    Description: "Answers from the document's text, its fields and the knowledge files, quoting the pages it uses.",
    IsDefault: true,
  },
  {
    Version: 'phil-1-concise',
    Name: 'Phil 1 concise',
    Description: 'As Phil 1, with shorter answers: the one passage that answers best.',
    IsDefault: false,
  },
];

export const defaultAssistantVersion = 'phil-1';

export function isKnownAssistantVersion(version: string): boolean {
  return assistantVersions.some((known) => known.Version === version);
}

/** How many passages an answer quotes, by version. */
export function passagesPerAnswer(version: string): number {
  return version === 'phil-1-concise' ? 1 : 2;
}
