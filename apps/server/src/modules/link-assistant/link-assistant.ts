import type {
  AssistantStreamEvent,
  LinkAssistant,
  LinkAssistantAskRequest,
  LinkAssistantQuery,
} from '@signlink/contracts/assistant/link-assistant';
import { ZLinkAssistantAskRequest } from '@signlink/contracts/assistant/link-assistant';
import { type ErrorCode, messageKeyOf } from '@signlink/contracts/errors/error-codes';
import { createTranslator } from '@signlink/i18n/create-translator';
import { AppError, isAppError } from '../../errors.ts';
import type { JobLogger } from '../../jobs/job-definition.ts';
import { type AnswerQuestionDeps, answerQuestion } from '../assistant/answer-question.ts';
import { findAccountCurrency, findAssistantSettingsRow } from '../assistant/assistant.repository.ts';
import { defaultMessagesIn, localeOfSettings } from '../assistant/assistant-settings.presenter.ts';
import { assertUsageLeft, countAnswer } from '../assistant/assistant-usage.ts';
import { requireLinkAccess } from '../links/link-access-guard.ts';

export interface LinkAssistantDeps extends AnswerQuestionDeps {
  secret: string;
  logger: Pick<JobLogger, 'error'>;
}

/**
 * `GET links/{id}/ai/phil`: whether the recipient page offers the chat, with the owner's messages or, where empty,
 * the defaults in the answers' language. A document without the assistant answers "off", not an error: the page
 * asks every time.
 */
export async function findLinkAssistant(
  deps: Pick<LinkAssistantDeps, 'db' | 'secret'>,
  input: { linkId: string; query: LinkAssistantQuery },
): Promise<LinkAssistant> {
  const access = await requireLinkAccess(deps, input.linkId, input.query.RequestToken);
  const row = await findAssistantSettingsRow(deps.db, access.document.id);
  if (!row?.enabled) {
    return {
      Enabled: false,
      EnableSpeech: false,
      Language: input.query.Language,
      FirstMessage: '',
      InitMessage: '',
      CompletionMessage: '',
    };
  }
  const locale = localeOfSettings(row.language, input.query.Language);
  const defaults = defaultMessagesIn(locale);
  return {
    Enabled: true,
    EnableSpeech: row.enableSpeech,
    Language: locale,
    FirstMessage: row.firstMessage || defaults.FirstMessage,
    InitMessage: row.initMessage || defaults.InitMessage,
    CompletionMessage: row.completionMessage || defaults.CompletionMessage,
  };
}

/**
 * `POST links/{id}/ai/phil/ask` (issue 28, parts 3 and 4): the link's RequestToken, the assistant on, and the link's
 * and the account's day not used up, or a refusal before anything is written. Then the answer's pieces, and last
 * `done` once it is counted (with its turns where the owner keeps conversations) or `error` with the catalogue's
 * message in the visitor's language: a failure after the first piece cannot change the answer's status any more.
 */
export async function askLinkAssistant(
  deps: LinkAssistantDeps,
  input: { linkId: string; body: LinkAssistantAskRequest; signal?: AbortSignal },
): Promise<AsyncGenerator<AssistantStreamEvent>> {
  const body = ZLinkAssistantAskRequest.parse(input.body);
  const access = await requireLinkAccess(deps, input.linkId, body.RequestToken);
  const documentId = access.document.id;
  const row = await findAssistantSettingsRow(deps.db, documentId);
  if (!row?.enabled) throw new AppError('AI_ASSISTANT_DISABLED');
  const subject = { accountId: access.document.accountId, linkId: access.link.id };
  await assertUsageLeft(deps.db, subject);
  const locale = localeOfSettings(row.language, body.Language);

  return (async function* () {
    try {
      const pieces = answerQuestion(deps, {
        documentId,
        locale,
        version: row.version,
        additionalInstructions: row.additionalInstructions,
        question: body.Question,
        history: body.History,
        signal: input.signal,
      });
      let next = await pieces.next();
      for (; !next.done; next = await pieces.next()) {
        yield next.value.kind === 'text' ? { Type: 'text', Text: next.value.text } : { Type: 'restart' };
      }
      const { answer, usage } = next.value;
      const at = new Date().toISOString();
      const currency = await findAccountCurrency(deps.db, subject.accountId);
      const conversationId = await deps.db.transaction((tx) =>
        countAnswer(tx, {
          subject,
          documentId,
          conversationId: body.ConversationId,
          currency,
          usage,
          ...(row.storeConversations
            ? {
                turns: [
                  { role: 'visitor', text: body.Question, at },
                  { role: 'assistant', text: answer.Text, at: new Date().toISOString() },
                ],
              }
            : {}),
        }),
      );
      yield { Type: 'done', Answer: { ...answer, ConversationId: conversationId } };
    } catch (error) {
      const code: ErrorCode = isAppError(error) ? error.code : 'AI_UNAVAILABLE';
      if (!isAppError(error)) deps.logger.error({ err: error, documentId }, 'assistant answer failed');
      yield { Type: 'error', Code: code, Message: createTranslator(locale)(messageKeyOf(code)) };
    }
  })();
}
