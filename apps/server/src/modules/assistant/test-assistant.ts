import type { AssistantAnswer, AssistantTestRequest } from '@signlink/contracts/assistant/assistant-settings';
import { ZAssistantTestRequest } from '@signlink/contracts/assistant/assistant-settings';
import type { PolicyActor } from '../document-core/account.policy.ts';
import { type AnswerQuestionDeps, collectAnswer } from './answer-question.ts';
import { findAccountCurrency, findAssistantSettingsRow } from './assistant.repository.ts';
import { findAssistantDocument } from './assistant-access.ts';
import { defaultAssistantSettings, localeOfSettings } from './assistant-settings.presenter.ts';
import { assertUsageLeft, countAnswer } from './assistant-usage.ts';

export type TestAssistantDeps = AnswerQuestionDeps;

/**
 * `POST …/settings/{documentId}/test` (SPEC section 2, "test"): the owner asks as a visitor would, with the settings
 * as saved; answered by the model when one is configured, else by the offline assistant. Counted for the account's
 * day (a test chat has no link) with its conversation's row, in one transaction after the answer.
 */
export async function testAssistant(
  deps: TestAssistantDeps,
  input: { actor: PolicyActor; documentId: string; request: AssistantTestRequest },
): Promise<AssistantAnswer> {
  const request = ZAssistantTestRequest.parse(input.request);
  const document = await findAssistantDocument(deps.db, input);
  const subject = { accountId: document.accountId, linkId: null };
  await assertUsageLeft(deps.db, subject);
  const row = await findAssistantSettingsRow(deps.db, document.id);
  const { answer, usage } = await collectAnswer(deps, {
    documentId: document.id,
    // The owner tests as a visitor of the chosen language would be answered.
    locale: localeOfSettings(row?.language ?? defaultAssistantSettings.Language, request.Language),
    version: row?.version ?? defaultAssistantSettings.Version,
    additionalInstructions: row?.additionalInstructions ?? '',
    question: request.Question,
    history: request.History,
  });

  const currency = await findAccountCurrency(deps.db, document.accountId);
  const conversationId = await deps.db.transaction((tx) =>
    countAnswer(tx, { subject, documentId: document.id, conversationId: request.ConversationId, currency, usage }),
  );
  return { ...answer, ConversationId: conversationId };
}
