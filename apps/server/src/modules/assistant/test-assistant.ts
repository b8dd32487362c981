import type { AssistantAnswer, AssistantTestRequest } from '@signlink/contracts/assistant/assistant-settings';
import { ZAssistantTestRequest } from '@signlink/contracts/assistant/assistant-settings';
import type { LlmProvider } from '@signlink/providers/llm/llm.port';
import type { PolicyActor } from '../document-core/account.policy.ts';
import { type AnswerSourceDeps, loadAnswerSources } from './answer-sources.ts';
import { findAccountCurrency, findAssistantSettingsRow } from './assistant.repository.ts';
import { findAssistantDocument } from './assistant-access.ts';
import { buildAssistantPrompt } from './assistant-prompt.ts';
import { defaultAssistantSettings } from './assistant-settings.presenter.ts';
import { type AnswerUsage, assertUsageLeft, countAnswer } from './assistant-usage.ts';
import { passagesPerAnswer } from './assistant-versions.ts';
import { collectModelAnswer, sourcesCited } from './model-answer.ts';
import { answerOffline } from './offline-assistant.ts';
import { passagesOf } from './passages.ts';
import { retrievePassages } from './retrieve-passages.ts';

export interface TestAssistantDeps extends AnswerSourceDeps {
  /** The chat model when one is configured; without it the offline assistant answers. */
  model: LlmProvider | undefined;
}

/** Passages the model reads per question: enough context, bounded tokens. */
const passagesForModel = 8;

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
  const settingsLanguage = row?.language ?? defaultAssistantSettings.Language;
  const version = row?.version ?? defaultAssistantSettings.Version;
  const locale = settingsLanguage === 'auto' ? request.Language : settingsLanguage;
  // The model reads more passages than the offline assistant quotes; both get the best ones for the question.
  const ranked = retrievePassages({
    passages: passagesOf(await loadAnswerSources(deps, document.id)),
    question: request.Question,
    limit: deps.model ? passagesForModel : passagesPerAnswer(version),
  });

  let answer: AssistantAnswer;
  let usage: AnswerUsage;
  if (deps.model) {
    const given = ranked.map((entry) => entry.passage);
    const messages = buildAssistantPrompt({
      locale,
      additionalInstructions: row?.additionalInstructions ?? '',
      passages: given,
      history: request.History,
      question: request.Question,
    });
    const collected = await collectModelAnswer({ provider: deps.model, messages });
    answer = { Text: collected.text.trim(), Sources: sourcesCited(collected.text, given), IsUnknown: false };
    usage = {
      provider: deps.model.name,
      promptTokens: collected.promptTokens,
      completionTokens: collected.completionTokens,
    };
  } else {
    answer = answerOffline({ ranked, locale });
    usage = { provider: 'offline', promptTokens: 0, completionTokens: 0 };
  }

  const currency = await findAccountCurrency(deps.db, document.accountId);
  const conversationId = await deps.db.transaction((tx) =>
    countAnswer(tx, { subject, documentId: document.id, conversationId: request.ConversationId, currency, usage }),
  );
  return { ...answer, ConversationId: conversationId };
}
