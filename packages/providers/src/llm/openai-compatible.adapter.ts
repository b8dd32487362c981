import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { type ChatChunk, type ChatRequest, LlmError, type LlmProvider } from './llm.port.ts';

export interface OpenAiCompatibleConfig {
  /** The API base with its version, e.g. https://api.openai.com/v1, http://localhost:11434/v1, or the simulator's. */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** The whole answer's time limit, first byte to last chunk, retry included (default 30 s). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
// OpenAI's rule of thumb for English text; used only when a server reports no usage (some compatible servers don't).
const CHARACTERS_PER_TOKEN = 4;

const estimateTokens = (text: string) => Math.ceil(text.length / CHARACTERS_PER_TOKEN);

/**
 * Status and the vendor's error type or code only: its messages may quote what it was sent, and what it was sent
 * is a person's document and questions.
 */
function errorOf(error: unknown): LlmError {
  if (error instanceof LlmError) return error;
  if (error instanceof APIConnectionTimeoutError) {
    return new LlmError('timeout', 'Chat model: no answer within the time limit', { cause: error });
  }
  if (error instanceof APIError && error.status !== undefined) {
    const detail =
      typeof error.code === 'string' ? error.code : typeof error.type === 'string' ? error.type : undefined;
    const message = `Chat model: ${error.status}${detail ? ` (${detail})` : ''}`;
    if (error.status === 429) return new LlmError('rate-limited', message);
    return new LlmError(error.status >= 500 ? 'unavailable' : 'rejected', message);
  }
  if (error instanceof APIConnectionError) {
    return new LlmError('unavailable', 'Chat model: cannot be reached', { cause: error });
  }
  // A stream broken midway (a dropped connection, an error event, a chunk that is not JSON): no whole answer came.
  const name = error instanceof Error ? error.name : typeof error;
  return new LlmError('unavailable', `Chat model: the answer broke off (${name})`);
}

/** The caller's own abort ends the stream with its reason; an `AbortSignal.timeout` is a time limit like ours. */
function callerAbortOf(signal: AbortSignal): unknown {
  const reason = signal.reason as { name?: unknown } | undefined;
  if (reason?.name === 'TimeoutError') return new LlmError('timeout', 'Chat model: no answer within the time limit');
  return signal.reason;
}

/**
 * Any OpenAI-compatible chat-completions API (OpenAI, Azure OpenAI's v1 API, Ollama, vLLM) through OpenAI's official
 * SDK, streamed; pointed at the simulator by `baseUrl` in development and tests.
 */
export function createOpenAiCompatibleProvider(config: OpenAiCompatibleConfig): LlmProvider {
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseUrl,
    timeout: timeoutMs,
    // One retry for a 429, a 5xx or a dropped connection; more would keep a waiting person waiting longer still.
    maxRetries: 1,
    // The SDK's debug and error logs quote request bodies and streamed chunks: a person's document and answers.
    logLevel: 'off',
  });

  return {
    name: 'openai-compatible',
    model: config.model,

    async *streamChat(request: ChatRequest): AsyncIterable<ChatChunk> {
      const limit = new AbortController();
      let isOverTime = false;
      const timer = setTimeout(() => {
        isOverTime = true;
        limit.abort();
      }, timeoutMs);
      const signal = request.signal ? AbortSignal.any([request.signal, limit.signal]) : limit.signal;
      const stopped = () => {
        if (isOverTime) return new LlmError('timeout', `Chat model: no whole answer within ${timeoutMs} ms`);
        if (request.signal?.aborted) return callerAbortOf(request.signal);
        return undefined;
      };
      let usage: { prompt_tokens: number; completion_tokens: number } | undefined;
      let answerLength = 0;
      let hasFinished = false;
      try {
        const stream = await client.chat.completions.create(
          {
            model: config.model,
            messages: request.messages,
            stream: true,
            stream_options: { include_usage: true },
            // max_tokens rather than max_completion_tokens: Ollama and vLLM take only the older name.
            ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
            ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
          },
          { signal },
        );
        for await (const chunk of stream) {
          const choice = chunk.choices[0];
          const text = choice?.delta?.content;
          if (text) {
            answerLength += text.length;
            yield { kind: 'text', text };
          }
          if (choice?.finish_reason) hasFinished = true;
          if (chunk.usage) usage = chunk.usage;
        }
      } catch (error) {
        throw stopped() ?? errorOf(error);
      } finally {
        clearTimeout(timer);
        // Also when the caller stops reading early: the request must not run on unread.
        limit.abort();
      }
      // The SDK ends an aborted stream quietly, as if it were whole.
      const stop = stopped();
      if (stop) throw stop;
      if (!hasFinished) throw new LlmError('unavailable', 'Chat model: the answer ended without a finish reason');
      if (usage) {
        yield { kind: 'usage', promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens };
        return;
      }
      // No usage from the server (an older compatible one): an estimate at ~4 characters a token, so the cost line is
      // near rather than zero.
      const prompt = request.messages.map((message) => message.content).join('\n');
      yield {
        kind: 'usage',
        promptTokens: estimateTokens(prompt),
        completionTokens: Math.ceil(answerLength / CHARACTERS_PER_TOKEN),
      };
    },
  };
}
