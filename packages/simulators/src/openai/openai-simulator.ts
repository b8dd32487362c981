import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyError } from 'fastify';
import { openAiChatApiPlugin } from './openai-chat-api.ts';
import { notFound, OpenAiSimError } from './openai-errors.ts';
import { openAiSimControlPlugin } from './openai-sim-control.ts';
import { OpenAiSimulatorControls } from './openai-simulator-controls.ts';

/*
 * An OpenAI stand-in on a loopback port of its own: the chat-completions API under `/v1` (openai-chat-api.ts), which
 * the official SDK is pointed at by its `baseURL`, and JSON test controls under `/control`. Its model answers
 * deterministically from what it was given (openai-answer.ts), and it keeps every request, so a test can assert
 * what the model was shown.
 */

/** The model our server asks for when it runs the real adapter against this simulator. */
export const SIMULATOR_MODEL = 'signlink-simulator';
// A document's text goes into the prompt; a long contract is a few hundred kilobytes.
const BODY_LIMIT = 10 * 1024 * 1024;

export interface OpenAiSimulatorOptions {
  /** The key the API accepts as `Authorization: Bearer …`. */
  apiKey: string;
  /** Models it serves (default this simulator's and `gpt-4o-mini`); any other is OpenAI's 404 `model_not_found`. */
  models?: string[];
  controls?: OpenAiSimulatorControls;
}

export interface RunningOpenAiSimulator {
  /** The API base the SDK is given, ending in `/v1`, e.g. `http://127.0.0.1:41234/v1`. */
  url: string;
  /** Where the JSON controls live, e.g. `http://127.0.0.1:41234/control`. */
  controlUrl: string;
  controls: OpenAiSimulatorControls;
  /** Stops listening; delayed and streaming answers are dropped with their connections. */
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 and a free port. */
export async function startOpenAiSimulator(options: OpenAiSimulatorOptions): Promise<RunningOpenAiSimulator> {
  const controls = options.controls ?? new OpenAiSimulatorControls();
  const closing = new AbortController();
  // Delayed answers hold their connections open; closing must not wait for them.
  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT, forceCloseConnections: true });
  app.setErrorHandler((error: FastifyError, _req, reply) => {
    if (error instanceof OpenAiSimError) return reply.code(error.status).send(error.toJSON());
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    const type = status < 500 ? 'invalid_request_error' : 'server_error';
    return reply.code(status).send(new OpenAiSimError(status, { type, message: error.message }).toJSON());
  });
  app.setNotFoundHandler((req, reply) => reply.code(404).send(notFound(req.method, req.url).toJSON()));
  await app.register(openAiChatApiPlugin, {
    prefix: '/v1',
    apiKey: options.apiKey,
    models: options.models ?? [SIMULATOR_MODEL, 'gpt-4o-mini'],
    controls,
    closing: closing.signal,
  });
  await app.register(openAiSimControlPlugin, { prefix: '/control', controls });
  app.addHook('preClose', async () => closing.abort());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return { url: `${origin}/v1`, controlUrl: `${origin}/control`, controls, close: () => app.close() };
}
