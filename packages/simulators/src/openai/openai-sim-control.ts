import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { invalidRequest } from './openai-errors.ts';
import type { OpenAiSimulatorControls } from './openai-simulator-controls.ts';

/*
 * JSON test controls, like the other simulators' (`<origin>/control/...`), for tests and e2e runs that reach the
 * simulator over HTTP: read the requests it received, queue failures, delays, cut streams and scripted answers.
 */

type ControlRequest = FastifyRequest<{ Body: Record<string, unknown> | undefined }>;

// A forgotten delay must not hold a client for an hour.
const MAX_DELAY_MS = 10 * 60_000;

function wholeNumber(
  body: Record<string, unknown> | undefined,
  field: string,
  { min, max }: { min: number; max: number },
) {
  const value = body?.[field];
  if (!(Number.isInteger(value) && (value as number) >= min && (value as number) <= max)) {
    throw invalidRequest(field, `${field} must be a whole number from ${min} to ${max}`);
  }
  return value as number;
}

function timesOf(body: Record<string, unknown> | undefined): number {
  return body?.times === undefined ? 1 : wholeNumber(body, 'times', { min: 1, max: 100 });
}

export const openAiSimControlPlugin: FastifyPluginAsync<{ controls: OpenAiSimulatorControls }> = async (
  app,
  { controls },
) => {
  app.get('/requests', async () => ({ data: controls.requests }));

  app.post('/fail', async (req: ControlRequest) => {
    const status = wholeNumber(req.body, 'status', { min: 400, max: 599 });
    const retryAfterMs =
      req.body?.retryAfterMs === undefined ? undefined : wholeNumber(req.body, 'retryAfterMs', { min: 0, max: 60_000 });
    controls.failNext(status, { times: timesOf(req.body), ...(retryAfterMs === undefined ? {} : { retryAfterMs }) });
    return { queued: true };
  });

  app.post('/delay', async (req: ControlRequest) => {
    controls.delayNext(wholeNumber(req.body, 'ms', { min: 0, max: MAX_DELAY_MS }), { times: timesOf(req.body) });
    return { queued: true };
  });

  app.post('/cut', async (req: ControlRequest) => {
    controls.cutNext(wholeNumber(req.body, 'afterChunks', { min: 0, max: 10_000 }), { times: timesOf(req.body) });
    return { queued: true };
  });

  app.post('/answer', async (req: ControlRequest) => {
    const text = req.body?.text;
    if (typeof text !== 'string' || !text) throw invalidRequest('text', 'text must be a non-empty string');
    controls.answerNext(text, { times: timesOf(req.body) });
    return { queued: true };
  });

  app.post('/chunk-delay', async (req: ControlRequest) => {
    controls.chunkDelayMs = wholeNumber(req.body, 'ms', { min: 0, max: 10_000 });
    return { chunkDelayMs: controls.chunkDelayMs };
  });

  app.post('/usage', async (req: ControlRequest) => {
    const reported = req.body?.reported;
    if (typeof reported !== 'boolean') throw invalidRequest('reported', 'reported must be true or false');
    controls.isUsageReported = reported;
    return { reported };
  });

  app.post('/reset', async () => {
    controls.reset();
    return { reset: true };
  });
};
