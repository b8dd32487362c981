import type { AnswerSource, AssistantAnswer } from '@signlink/contracts/assistant/assistant-settings';
import type { Locale } from '@signlink/contracts/locales';
import { createTranslator } from '@signlink/i18n/create-translator';
import type { RankedPassage } from './retrieve-passages.ts';

/** What a quoted passage becomes in an answer's sources. */
export function sourceOf({ passage }: RankedPassage): AnswerSource {
  return { Kind: passage.kind, Title: passage.title, Page: passage.page, Quote: passage.text };
}

/**
 * The embedded assistant (DECISIONS: no model needed): it answers only by quoting the passages retrieval found,
 * each with its page and file, framed in the visitor's language while the quote stays in the document's; with
 * nothing found it says it does not know. It writes no words of its own besides the framing, so nothing a document
 * or a visitor says can make it reveal anything the document does not show.
 */
export function answerOffline(input: { ranked: readonly RankedPassage[]; locale: Locale }): AssistantAnswer {
  const t = createTranslator(input.locale);
  if (input.ranked.length === 0) {
    return { Text: t('messages:assistant.answer.unknown'), Sources: [], IsUnknown: true };
  }
  const text = input.ranked
    .map(({ passage }) =>
      t('messages:assistant.answer.quote', { page: passage.page, title: passage.title, quote: passage.text }),
    )
    .join('\n\n');
  return { Text: text, Sources: input.ranked.map(sourceOf), IsUnknown: false };
}
