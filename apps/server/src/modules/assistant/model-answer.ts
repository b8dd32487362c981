import type { AnswerSource } from '@signlink/contracts/assistant/assistant-settings';
import { type ChatMessage, LlmError, type LlmProvider } from '@signlink/providers/llm/llm.port';
import { AppError } from '../../errors.ts';
import type { Passage } from './passages.ts';

export interface ModelAnswer {
  text: string;
  promptTokens: number;
  completionTokens: number;
}

/** An answer, streamed, in this time or not at all: the chat never hangs (issue 28, "Bad input"). */
export const modelTimeLimitMs = 30_000;
const maxAnswerTokens = 600;

/** What the visitor sees while an answer is written: its pieces, and a restart when a failed attempt is tried again. */
export type AnswerPiece = { kind: 'text'; text: string } | { kind: 'restart' };

async function* streamOnce(
  provider: LlmProvider,
  messages: ChatMessage[],
  limits: { timeLimitMs: number; signal?: AbortSignal },
): AsyncGenerator<AnswerPiece, ModelAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeLimitMs);
  const onLeave = () => controller.abort();
  limits.signal?.addEventListener('abort', onLeave, { once: true });
  const answer: ModelAnswer = { text: '', promptTokens: 0, completionTokens: 0 };
  try {
    const stream = provider.streamChat({
      messages,
      maxTokens: maxAnswerTokens,
      temperature: 0.2,
      signal: controller.signal,
    });
    for await (const chunk of stream) {
      if (controller.signal.aborted) break;
      if (chunk.kind === 'text') {
        answer.text += chunk.text;
        if (chunk.text) yield { kind: 'text', text: chunk.text };
      } else {
        answer.promptTokens = chunk.promptTokens;
        answer.completionTokens = chunk.completionTokens;
      }
    }
  } catch (error) {
    if (controller.signal.aborted) throw new LlmError('timeout', 'no answer within the time limit', { cause: error });
    throw error;
  } finally {
    clearTimeout(timer);
    limits.signal?.removeEventListener('abort', onLeave);
  }
  if (controller.signal.aborted) throw new LlmError('timeout', 'no answer within the time limit');
  return answer;
}

/**
 * The model's answer as it is written (the visitor's chat), then the whole of it. A time limit per attempt, one
 * retry when the provider was down, slow or busy (a `restart` piece first when the failed attempt had written
 * something), then AI_UNAVAILABLE; a request it refused (a bad key, an unknown model) is not asked again.
 */
export async function* streamModelAnswer(input: {
  provider: LlmProvider;
  messages: ChatMessage[];
  timeLimitMs?: number;
  /** The visitor left: stop asking. */
  signal?: AbortSignal;
}): AsyncGenerator<AnswerPiece, ModelAnswer> {
  const limits = { timeLimitMs: input.timeLimitMs ?? modelTimeLimitMs, signal: input.signal };
  let lastError: unknown;
  let hasWritten = false;
  for (let attempt = 0; attempt < 2; attempt++) {
    if (hasWritten) yield { kind: 'restart' };
    hasWritten = false;
    try {
      const attemptStream = streamOnce(input.provider, input.messages, limits);
      for (;;) {
        const next = await attemptStream.next();
        if (next.done) {
          if (next.value.text.trim()) return next.value;
          lastError = new LlmError('unavailable', 'an empty answer');
          break;
        }
        hasWritten = true;
        yield next.value;
      }
    } catch (error) {
      lastError = error;
      if (input.signal?.aborted) break;
      if (error instanceof LlmError && error.kind === 'rejected') break;
    }
  }
  throw new AppError('AI_UNAVAILABLE', {
    details: { reason: lastError instanceof LlmError ? lastError.kind : 'error' },
    cause: lastError,
  });
}

/** The model's whole answer (the owner's test chat): the pieces of `streamModelAnswer`, joined. */
export async function collectModelAnswer(input: {
  provider: LlmProvider;
  messages: ChatMessage[];
  timeLimitMs?: number;
}): Promise<ModelAnswer> {
  const stream = streamModelAnswer(input);
  for (;;) {
    const next = await stream.next();
    if (next.done) return next.value;
  }
}

/** The pages the model cited as [p. N], mapped to the passages it was given on those pages. */
export function sourcesCited(text: string, passages: readonly Passage[]): AnswerSource[] {
  const pages = new Set<number>();
  for (const match of text.matchAll(/\[(?:p|s|pág|pag)\.?\s*(\d{1,4})\]/giu)) pages.add(Number(match[1]));
  const sources: AnswerSource[] = [];
  for (const page of pages) {
    const passage = passages.find((candidate) => candidate.page === page);
    if (passage) sources.push({ Kind: passage.kind, Title: passage.title, Page: page, Quote: passage.text });
  }
  return sources;
}
