/**
 * A chat model as the assistant uses it (issue 28, part 1): messages in, the answer streamed out in pieces, then the
 * tokens it cost. Adapters speak a vendor's API (any OpenAI-compatible chat-completions API); the server decides
 * what the model is given (the document's text as data, never as instructions) and what leaves it.
 */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  messages: ChatMessage[];
  /** Upper bound on the answer's tokens. */
  maxTokens?: number;
  temperature?: number;
  /** Aborts the request (the visitor left, or our time limit passed). */
  signal?: AbortSignal;
}

export type ChatChunk =
  | { kind: 'text'; text: string }
  /** Last: what the answer cost, as the provider counted it. */
  | { kind: 'usage'; promptTokens: number; completionTokens: number };

export interface LlmProvider {
  /** Stored with each conversation's cost line, e.g. `openai-compatible`. */
  readonly name: string;
  readonly model: string;
  streamChat(request: ChatRequest): AsyncIterable<ChatChunk>;
}

export type LlmErrorKind =
  /** Cannot be reached, or answered 5xx. */
  | 'unavailable'
  /** 429: too many requests or out of quota. */
  | 'rate-limited'
  /** No answer within the time limit. */
  | 'timeout'
  /** 4xx: a bad key, an unknown model, a request it will not take. */
  | 'rejected';

export class LlmError extends Error {
  readonly kind: LlmErrorKind;
  constructor(kind: LlmErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LlmError';
    this.kind = kind;
  }
}
