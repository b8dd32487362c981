import {
  type RunningOpenAiSimulator,
  SIMULATOR_MODEL,
  startOpenAiSimulator,
} from '@signlink/simulators/openai/openai-simulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLlmProvider } from './create-llm-provider.ts';
import { type ChatChunk, type ChatMessage, type ChatRequest, LlmError, type LlmProvider } from './llm.port.ts';

const API_KEY = 'sk-test-adapter';
const QUESTION = 'When must the rent be paid?';
const MESSAGES: ChatMessage[] = [
  {
    role: 'system',
    content: [
      'Answer from the document only.',
      '<document>',
      'The flat is let from 1 March 2027.',
      'The rent must be paid before the last day of each month.',
      '</document>',
    ].join('\n'),
  },
  { role: 'user', content: QUESTION },
];
const ANSWER = `You asked: "${QUESTION}". The document says: "The rent must be paid before the last day of each month."`;

async function collect(provider: LlmProvider, request: Partial<ChatRequest> = {}): Promise<ChatChunk[]> {
  const chunks: ChatChunk[] = [];
  for await (const chunk of provider.streamChat({ messages: MESSAGES, ...request })) chunks.push(chunk);
  return chunks;
}

async function failureOf(run: Promise<unknown>): Promise<LlmError> {
  const error = await run.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LlmError);
  // Nothing of what the person asked or the document said may travel in an error.
  expect((error as LlmError).message).not.toContain('rent');
  return error as LlmError;
}

describe('the OpenAI-compatible chat adapter against the simulator', () => {
  let sim: RunningOpenAiSimulator;
  let provider: LlmProvider;
  const providerWith = (change: { apiKey?: string; model?: string; timeoutMs?: number; baseUrl?: string }) =>
    createLlmProvider({
      driver: 'openai-compatible',
      baseUrl: sim.url,
      apiKey: API_KEY,
      model: SIMULATOR_MODEL,
      ...change,
    });

  beforeAll(async () => {
    sim = await startOpenAiSimulator({ apiKey: API_KEY });
    provider = providerWith({});
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.controls.reset());

  it('streams the answer in several text chunks, then what it cost', async () => {
    const chunks = await collect(provider, { maxTokens: 500, temperature: 0.1 });
    const texts = chunks.flatMap((chunk) => (chunk.kind === 'text' ? [chunk.text] : []));
    expect(texts.length).toBeGreaterThan(5);
    expect(texts.join('')).toBe(ANSWER);
    expect(chunks.at(-1)).toEqual({
      kind: 'usage',
      // As the simulator counts, per message and with OpenAI's framing: the server's count, not our estimate.
      promptTokens: 3 + MESSAGES.reduce((sum, message) => sum + 3 + Math.ceil(message.content.length / 4), 0),
      completionTokens: Math.ceil(ANSWER.length / 4),
    });
    expect(chunks.filter((chunk) => chunk.kind === 'usage')).toHaveLength(1);
    expect(sim.controls.lastRequest()).toMatchObject({
      isAuthorized: true,
      model: SIMULATOR_MODEL,
      messages: MESSAGES,
      isStream: true,
      maxTokens: 500,
      temperature: 0.1,
    });
    expect(provider).toMatchObject({ name: 'openai-compatible', model: SIMULATOR_MODEL });
  });

  it('yields text as it arrives, before the answer is complete', async () => {
    sim.controls.chunkDelayMs = 40;
    const started = Date.now();
    let firstAt: number | undefined;
    for await (const chunk of provider.streamChat({ messages: MESSAGES })) {
      if (chunk.kind === 'text' && firstAt === undefined) firstAt = Date.now() - started;
    }
    const total = Date.now() - started;
    expect(firstAt).toBeDefined();
    expect(total - (firstAt ?? 0)).toBeGreaterThan(200);
  });

  it('retries a 429 once, then reports rate-limited', async () => {
    sim.controls.failNext(429, { times: 2, retryAfterMs: 10 });
    const error = await failureOf(collect(provider));
    expect(error.kind).toBe('rate-limited');
    expect(error.message).toBe('Chat model: 429 (rate_limit_exceeded)');
    expect(sim.controls.requests).toHaveLength(2);
  });

  it('gets the answer when the one retry succeeds', async () => {
    sim.controls.failNext(500, { retryAfterMs: 10 });
    const chunks = await collect(provider);
    expect(chunks.flatMap((chunk) => (chunk.kind === 'text' ? [chunk.text] : [])).join('')).toBe(ANSWER);
    expect(sim.controls.requests).toHaveLength(2);
  });

  it('reports a 5xx as unavailable, and so a server that cannot be reached', async () => {
    sim.controls.failNext(500, { times: 2, retryAfterMs: 10 });
    expect((await failureOf(collect(provider))).kind).toBe('unavailable');

    const closed = await startOpenAiSimulator({ apiKey: API_KEY });
    await closed.close();
    const unreachable = providerWith({ baseUrl: closed.url });
    expect((await failureOf(collect(unreachable))).kind).toBe('unavailable');
  });

  it('reports a stream that breaks off midway as unavailable, after the text it had', async () => {
    sim.controls.cutNext(3);
    const texts: string[] = [];
    const error = await failureOf(
      (async () => {
        for await (const chunk of provider.streamChat({ messages: MESSAGES })) {
          if (chunk.kind === 'text') texts.push(chunk.text);
        }
      })(),
    );
    expect(error.kind).toBe('unavailable');
    expect(texts).toHaveLength(3);
  });

  it('gives up at its time limit with timeout', async () => {
    sim.controls.delayNext(2_000, { times: 2 });
    const started = Date.now();
    const error = await failureOf(collect(providerWith({ timeoutMs: 300 })));
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('counts the whole answer within the time limit, not just the first byte', async () => {
    sim.controls.chunkDelayMs = 100;
    const error = await failureOf(collect(providerWith({ timeoutMs: 500 })));
    expect(error.kind).toBe('timeout');
  });

  it('reports a wrong key or an unknown model as rejected, without retrying', async () => {
    const wrongKey = await failureOf(collect(providerWith({ apiKey: 'sk-wrong' })));
    expect(wrongKey).toMatchObject({ kind: 'rejected', message: 'Chat model: 401 (invalid_api_key)' });
    expect(sim.controls.requests).toHaveLength(1);
    const unknownModel = await failureOf(collect(providerWith({ model: 'gpt-unknown' })));
    expect(unknownModel).toMatchObject({ kind: 'rejected', message: 'Chat model: 404 (model_not_found)' });
  });

  it("stops the stream when the caller's signal aborts, with the signal's reason", async () => {
    sim.controls.chunkDelayMs = 30;
    const controller = new AbortController();
    const texts: string[] = [];
    const run = (async () => {
      for await (const chunk of provider.streamChat({ messages: MESSAGES, signal: controller.signal })) {
        if (chunk.kind === 'text') texts.push(chunk.text);
        if (texts.length === 2) controller.abort();
      }
    })();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(texts).toHaveLength(2);
    expect(sim.controls.requests).toHaveLength(1);
  });

  it("reports the caller's AbortSignal.timeout as a timeout", async () => {
    sim.controls.delayNext(2_000);
    const error = await failureOf(collect(provider, { signal: AbortSignal.timeout(200) }));
    expect(error.kind).toBe('timeout');
  });

  it('estimates usage at about four characters a token when the server sends none', async () => {
    sim.controls.isUsageReported = false;
    const chunks = await collect(provider);
    expect(chunks.at(-1)).toEqual({
      kind: 'usage',
      promptTokens: Math.ceil(MESSAGES.map((message) => message.content).join('\n').length / 4),
      completionTokens: Math.ceil(ANSWER.length / 4),
    });
  });
});
