// The request log is for tests and the developer's eye, not an archive.
const MAX_LOGGED_REQUESTS = 1000;

export interface OpenAiSimMessage {
  role: string;
  /** Text parts of an array content joined by newlines, as the model would read them. */
  content: string;
}

/** A chat-completions request the simulator received, as sent, the refused ones included. */
export interface OpenAiSimRequest {
  /** Whether its Bearer key was the simulator's. */
  isAuthorized: boolean;
  model?: string;
  messages: OpenAiSimMessage[];
  isStream: boolean;
  maxTokens?: number;
  temperature?: number;
  receivedAt: string;
}

export interface OpenAiSimFailure {
  status: number;
  /** Sent as `retry-after-ms`, which the official SDKs wait for before retrying. */
  retryAfterMs?: number;
}

/** Steers a running OpenAI simulator from tests, from a local setup, or over its JSON `/control` API. */
export class OpenAiSimulatorControls {
  /** Requests received, oldest first. */
  readonly requests: OpenAiSimRequest[] = [];
  /** A pause between a stream's chunks, so a person sees an answer arrive as it would from a real model. */
  chunkDelayMs = 0;
  /** False mimics a compatible server that ignores `stream_options.include_usage` (older Ollama, vLLM builds). */
  isUsageReported = true;
  #failures: OpenAiSimFailure[] = [];
  #delays: number[] = [];
  #cuts: number[] = [];
  #answers: string[] = [];

  /** The next `times` (default 1) requests fail with this status and OpenAI's error body (429, 500, 503…). */
  failNext(status: number, { times = 1, retryAfterMs }: { times?: number; retryAfterMs?: number } = {}): void {
    for (let i = 0; i < times; i++)
      this.#failures.push({ status, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) });
  }

  /** The next `times` (default 1) requests get their first byte this late (for clients' time limits). */
  delayNext(ms: number, { times = 1 }: { times?: number } = {}): void {
    for (let i = 0; i < times; i++) this.#delays.push(ms);
  }

  /** The next `times` (default 1) streamed answers stop after this many text chunks: the connection is dropped. */
  cutNext(afterChunks: number, { times = 1 }: { times?: number } = {}): void {
    for (let i = 0; i < times; i++) this.#cuts.push(afterChunks);
  }

  /** The next `times` (default 1) answers are this text instead of the one made from the question. */
  answerNext(text: string, { times = 1 }: { times?: number } = {}): void {
    for (let i = 0; i < times; i++) this.#answers.push(text);
  }

  /** Queued failures, delays, cuts and answers dropped; the request log cleared; no pause; usage reported. */
  reset(): void {
    this.requests.length = 0;
    this.chunkDelayMs = 0;
    this.isUsageReported = true;
    this.#failures = [];
    this.#delays = [];
    this.#cuts = [];
    this.#answers = [];
  }

  /** The last request's messages, for a test to read what the model was given. */
  lastRequest(): OpenAiSimRequest | undefined {
    return this.requests.at(-1);
  }

  logRequest(request: OpenAiSimRequest): void {
    this.requests.push(request);
    if (this.requests.length > MAX_LOGGED_REQUESTS) this.requests.shift();
  }

  takeFailure(): OpenAiSimFailure | undefined {
    return this.#failures.shift();
  }

  takeDelay(): number | undefined {
    return this.#delays.shift();
  }

  takeCut(): number | undefined {
    return this.#cuts.shift();
  }

  takeAnswer(): string | undefined {
    return this.#answers.shift();
  }
}
