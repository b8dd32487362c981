import type { AssistantAnswer, ChatTurn } from '@signlink/contracts/assistant/assistant-settings';
import type { Locale } from '@signlink/contracts/locales';
import type { LlmProvider } from '@signlink/providers/llm/llm.port';
import { type AnswerSourceDeps, loadAnswerSources } from './answer-sources.ts';
import { buildAssistantPrompt } from './assistant-prompt.ts';
import type { AnswerUsage } from './assistant-usage.ts';
import { passagesPerAnswer } from './assistant-versions.ts';
import { type AnswerPiece, sourcesCited, streamModelAnswer } from './model-answer.ts';
import { answerOffline } from './offline-assistant.ts';
import { type Passage, passagesOf } from './passages.ts';
import { retrievePassages } from './retrieve-passages.ts';

export interface AnswerQuestionDeps extends AnswerSourceDeps {
  /** The chat model when one is configured; without it the offline assistant answers. */
  model: LlmProvider | undefined;
}

export interface AnswerQuestionInput {
  documentId: string;
  locale: Locale;
  version: string;
  /** The owner's additional instructions: the only instructions besides ours. */
  additionalInstructions: string;
  question: string;
  history: readonly ChatTurn[];
  /** The visitor left: stop asking the model. */
  signal?: AbortSignal;
}

export interface AnsweredQuestion {
  answer: Omit<AssistantAnswer, 'ConversationId'>;
  usage: AnswerUsage;
}

/** Passages the model reads per question: enough context, bounded tokens. */
const passagesForModel = 8;

/**
 * The model's context: the passages retrieval ranked for the question and, to fill the rest, the opening passages
 * of every page in turn (each page's first, then each page's second…). A question in another language than the
 * document's shares no words with it, and a model reads across languages: it must still see the whole document.
 */
function contextForModel(all: readonly Passage[], ranked: readonly Passage[]): Passage[] {
  const given = [...ranked];
  const byPage = new Map<string, Passage[]>();
  for (const passage of all) {
    const key = `${passage.kind}:${passage.title}:${passage.page}`;
    byPage.set(key, [...(byPage.get(key) ?? []), passage]);
  }
  const pages = [...byPage.values()];
  for (let round = 0; given.length < passagesForModel && pages.some((page) => page.length > round); round++) {
    for (const page of pages) {
      const passage = page[round];
      if (given.length >= passagesForModel) break;
      if (passage && !given.includes(passage)) given.push(passage);
    }
  }
  return given;
}

/**
 * One question answered from the document (issue 28, parts 1 and 4), written piece by piece: by the model when one
 * is configured, else by the offline assistant, which quotes at once. Both read only what `loadAnswerSources` gives:
 * the document's text and field labels and the owner's knowledge files.
 */
export async function* answerQuestion(
  deps: AnswerQuestionDeps,
  input: AnswerQuestionInput,
): AsyncGenerator<AnswerPiece, AnsweredQuestion> {
  const passages = passagesOf(await loadAnswerSources(deps, input.documentId));
  const ranked = retrievePassages({
    passages,
    question: input.question,
    limit: deps.model ? passagesForModel : passagesPerAnswer(input.version),
  });

  if (!deps.model) {
    const answer = answerOffline({ ranked, locale: input.locale });
    yield { kind: 'text', text: answer.Text };
    return { answer, usage: { provider: 'offline', promptTokens: 0, completionTokens: 0 } };
  }

  const given = contextForModel(
    passages,
    ranked.map((entry) => entry.passage),
  );
  const messages = buildAssistantPrompt({
    locale: input.locale,
    additionalInstructions: input.additionalInstructions,
    passages: given,
    history: input.history,
    question: input.question,
  });
  const written = yield* streamModelAnswer({ provider: deps.model, messages, signal: input.signal });
  const sources = sourcesCited(written.text, given);
  return {
    // Nothing in the document matched and the model cited nothing: it could only say it does not know.
    answer: { Text: written.text.trim(), Sources: sources, IsUnknown: ranked.length === 0 && sources.length === 0 },
    usage: {
      provider: deps.model.name,
      promptTokens: written.promptTokens,
      completionTokens: written.completionTokens,
    },
  };
}

/** The whole answer at once (the owner's test chat). */
export async function collectAnswer(deps: AnswerQuestionDeps, input: AnswerQuestionInput): Promise<AnsweredQuestion> {
  const stream = answerQuestion(deps, input);
  for (;;) {
    const next = await stream.next();
    if (next.done) return next.value;
  }
}
