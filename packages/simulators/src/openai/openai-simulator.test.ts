import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningOpenAiSimulator, SIMULATOR_MODEL, startOpenAiSimulator } from './openai-simulator.ts';

const API_KEY = 'sk-test-simulator';
const DOCUMENT = [
  'Rental agreement for the flat at Storgatan 1.',
  'The rent is 9 000 SEK per month, paid before the last day of the month.',
  'The notice period is three months for the tenant.',
].join('\n');
const MESSAGES = [
  { role: 'system', content: `Answer from the document.\n<document>\n${DOCUMENT}\n</document>` },
  { role: 'user', content: 'Hello' },
  { role: 'assistant', content: 'Hi! Ask me about the document.' },
  { role: 'user', content: 'How long is the notice period?' },
];
const EXPECTED_ANSWER =
  'You asked: "How long is the notice period?". The document says: "The notice period is three months for the tenant."';

describe('the OpenAI simulator over raw HTTP', () => {
  let sim: RunningOpenAiSimulator;

  beforeAll(async () => {
    sim = await startOpenAiSimulator({ apiKey: API_KEY });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.controls.reset());

  const post = (body: unknown, key = API_KEY) =>
    fetch(`${sim.url}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const control = (path: string, body?: unknown) =>
    fetch(`${sim.controlUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });

  // Loose on purpose: the assertions below are what check the shapes.
  // biome-ignore lint/suspicious/noExplicitAny: a JSON answer read by expect()
  const json = async (response: Response): Promise<any> => response.json();

  /** The `data:` payloads of an event stream, `[DONE]` included. */
  async function readEvents(response: Response): Promise<string[]> {
    const text = await response.text();
    return text
      .split('\n\n')
      .filter(Boolean)
      .map((event) => {
        expect(event.startsWith('data: ')).toBe(true);
        return event.slice('data: '.length);
      });
  }

  it("refuses a missing or wrong key with OpenAI's error shape, and records the attempt", async () => {
    const wrong = await post({ model: SIMULATOR_MODEL, messages: MESSAGES }, 'sk-wrong');
    expect(wrong.status).toBe(401);
    expect(await json(wrong)).toEqual({
      error: { message: expect.any(String), type: 'invalid_request_error', param: null, code: 'invalid_api_key' },
    });
    const none = await fetch(`${sim.url}/models`);
    expect(none.status).toBe(401);
    expect((await json(none)).error).toMatchObject({ type: 'invalid_request_error', code: null });
    expect(sim.controls.requests.map((request) => request.isAuthorized)).toEqual([false]);
  });

  it('lists its models', async () => {
    const response = await fetch(`${sim.url}/models`, { headers: { authorization: `Bearer ${API_KEY}` } });
    expect(await json(response)).toMatchObject({
      object: 'list',
      data: expect.arrayContaining([expect.objectContaining({ id: SIMULATOR_MODEL, object: 'model' })]),
    });
  });

  it('answers the last question from the document line sharing most words, and keeps what it was given', async () => {
    const response = await post({ model: SIMULATOR_MODEL, messages: MESSAGES, temperature: 0.2 });
    expect(response.status).toBe(200);
    const completion = await json(response);
    expect(completion).toMatchObject({
      object: 'chat.completion',
      model: SIMULATOR_MODEL,
      choices: [{ index: 0, message: { role: 'assistant', content: EXPECTED_ANSWER }, finish_reason: 'stop' }],
    });
    expect(completion.usage.completion_tokens).toBe(Math.ceil(EXPECTED_ANSWER.length / 4));
    expect(completion.usage.total_tokens).toBe(completion.usage.prompt_tokens + completion.usage.completion_tokens);
    expect(sim.controls.lastRequest()).toMatchObject({
      isAuthorized: true,
      model: SIMULATOR_MODEL,
      messages: MESSAGES,
      isStream: false,
      temperature: 0.2,
    });
  });

  it('says so when the document has nothing on the question, and reads content-part arrays', async () => {
    const response = await post({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Is there a parking space?' }] }],
    });
    expect((await json(response)).choices[0].message.content).toBe(
      'You asked: "Is there a parking space?". The document does not say.',
    );
  });

  it('streams the answer in several chunks, then the usage, then [DONE]', async () => {
    const response = await post({
      model: SIMULATOR_MODEL,
      messages: MESSAGES,
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = await readEvents(response);
    expect(events.at(-1)).toBe('[DONE]');
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event));
    const texts = chunks.map((chunk) => chunk.choices[0]?.delta?.content).filter(Boolean);
    expect(texts.length).toBeGreaterThan(5);
    expect(texts.join('')).toBe(EXPECTED_ANSWER);
    expect(chunks[0].choices[0].delta.role).toBe('assistant');
    expect(chunks.at(-2).choices[0].finish_reason).toBe('stop');
    expect(chunks.at(-1)).toMatchObject({
      object: 'chat.completion.chunk',
      choices: [],
      usage: { completion_tokens: Math.ceil(EXPECTED_ANSWER.length / 4) },
    });
    expect(chunks.slice(0, -1).every((chunk) => chunk.usage === null)).toBe(true);
  });

  it('counts the prompt as OpenAI does, with framing per message', async () => {
    const response = await post({ model: SIMULATOR_MODEL, messages: MESSAGES });
    const framing = 3 + 3 * MESSAGES.length;
    const text = MESSAGES.reduce((sum, message) => sum + Math.ceil(message.content.length / 4), 0);
    expect((await json(response)).usage.prompt_tokens).toBe(framing + text);
  });

  it('leaves the usage chunk out when told to, as servers that ignore stream_options do', async () => {
    expect((await control('/usage', { reported: false })).status).toBe(200);
    const response = await post({
      model: SIMULATOR_MODEL,
      messages: MESSAGES,
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = (await readEvents(response)).slice(0, -1).map((event) => JSON.parse(event));
    expect(chunks.at(-1).choices[0].finish_reason).toBe('stop');
    expect(chunks.every((chunk) => !chunk.usage)).toBe(true);
  });

  it('sends no usage chunk unless asked, and stops at max_tokens', async () => {
    const response = await post({ model: SIMULATOR_MODEL, messages: MESSAGES, stream: true, max_tokens: 3 });
    const chunks = (await readEvents(response)).slice(0, -1).map((event) => JSON.parse(event));
    expect(chunks.every((chunk) => !('usage' in chunk))).toBe(true);
    expect(chunks.map((chunk) => chunk.choices[0].delta.content ?? '').join('')).toBe(EXPECTED_ANSWER.slice(0, 12));
    expect(chunks.at(-1).choices[0].finish_reason).toBe('length');
  });

  it('refuses an unknown model and malformed messages', async () => {
    const unknown = await post({ model: 'gpt-9', messages: MESSAGES });
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).error).toMatchObject({ code: 'model_not_found' });
    const malformed = await post({ model: SIMULATOR_MODEL, messages: [{ role: 'user' }] });
    expect(malformed.status).toBe(400);
    expect((await json(malformed)).error).toMatchObject({ type: 'invalid_request_error', param: 'messages' });
    const notJson = await fetch(`${sim.url}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
      body: '{',
    });
    expect(notJson.status).toBe(400);
    expect((await json(notJson)).error.type).toBe('invalid_request_error');
  });

  it('fails the next requests as told over /control, then answers again', async () => {
    expect((await control('/fail', { status: 429, times: 2, retryAfterMs: 5 })).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const limited = await post({ model: SIMULATOR_MODEL, messages: MESSAGES });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after-ms')).toBe('5');
      expect((await json(limited)).error).toMatchObject({ type: 'requests', code: 'rate_limit_exceeded' });
    }
    await control('/fail', { status: 500 });
    const failed = await post({ model: SIMULATOR_MODEL, messages: MESSAGES });
    expect(failed.status).toBe(500);
    expect((await json(failed)).error.type).toBe('server_error');
    expect((await post({ model: SIMULATOR_MODEL, messages: MESSAGES })).status).toBe(200);

    const logged = await json(await control('/requests'));
    expect(logged.data).toHaveLength(4);
    expect(logged.data[0].messages).toEqual(MESSAGES);
    expect((await control('/fail', { status: 200 })).status).toBe(400);
    await control('/reset', {});
    expect((await json(await control('/requests'))).data).toEqual([]);
  });

  it('holds the first byte back as long as told', async () => {
    await control('/delay', { ms: 300 });
    const started = Date.now();
    const response = await post({ model: SIMULATOR_MODEL, messages: MESSAGES });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(response.status).toBe(200);
  });

  it('drops the connection midway through a stream as told', async () => {
    await control('/cut', { afterChunks: 3 });
    const response = await post({ model: SIMULATOR_MODEL, messages: MESSAGES, stream: true });
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    // The next one is whole again.
    const whole = await post({ model: SIMULATOR_MODEL, messages: MESSAGES, stream: true });
    expect((await readEvents(whole)).at(-1)).toBe('[DONE]');
  });

  it('answers a scripted text instead when told', async () => {
    await control('/answer', { text: 'Scripted.' });
    const response = await post({ model: SIMULATOR_MODEL, messages: MESSAGES });
    expect((await json(response)).choices[0].message.content).toBe('Scripted.');
  });
});
