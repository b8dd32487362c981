import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { composeAnswer, countPromptTokens, countTokens, splitIntoChunks } from './openai-answer.ts';
import { bearerKeyOf, type ChatCompletionRequest, loggedFieldsOf, readChatRequest } from './openai-chat-request.ts';
import { missingKey, type OpenAiSimError, simulatedFailure, unknownModel, wrongKey } from './openai-errors.ts';
import type { OpenAiSimulatorControls } from './openai-simulator-controls.ts';

/*
 * OpenAI's chat-completions API as the official SDKs call it, under `/v1`: `POST /chat/completions` (JSON, or
 * server-sent events with `stream: true`, then a usage chunk with `stream_options.include_usage`, then `[DONE]`)
 * and `GET /models`, both behind `Authorization: Bearer <key>`.
 */

export interface OpenAiChatApiOptions {
  apiKey: string;
  models: string[];
  controls: OpenAiSimulatorControls;
  /** Aborted when the simulator closes, so delayed answers stop waiting. */
  closing: AbortSignal;
}

let completionCount = 0;

function checkKey(req: FastifyRequest, apiKey: string): void {
  const key = bearerKeyOf(req);
  if (!key) throw missingKey();
  if (key !== apiKey) throw wrongKey();
}

/** Aborted when the client goes away before its answer is complete, or the simulator closes. */
function goneSignal(res: ServerResponse, closing: AbortSignal): AbortSignal {
  const gone = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  return AbortSignal.any([gone.signal, closing]);
}

function sendError(reply: FastifyReply, error: OpenAiSimError, retryAfterMs?: number) {
  if (retryAfterMs !== undefined) reply.header('retry-after-ms', String(retryAfterMs));
  return reply.code(error.status).send(error.toJSON());
}

function usageOf(request: ChatCompletionRequest, answer: string) {
  const prompt_tokens = countPromptTokens(request.messages);
  const completion_tokens = countTokens(answer);
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
}

async function writeStream(
  res: ServerResponse,
  {
    request,
    answer,
    finishReason,
    cutAfter,
    chunkDelayMs,
    signal,
  }: {
    request: ChatCompletionRequest;
    answer: string;
    finishReason: string;
    cutAfter: number | undefined;
    chunkDelayMs: number;
    signal: AbortSignal;
  },
) {
  const base = {
    id: `chatcmpl-sim${++completionCount}`,
    object: 'chat.completion.chunk',
    created: nowSeconds(),
    model: request.model,
  };
  const usage = request.includeUsage ? { usage: null } : {};
  // Each write flushed before the next: a cut stream must have delivered what it sent before the socket drops.
  const send = (value: unknown) =>
    new Promise<void>((resolve) => res.write(`data: ${JSON.stringify(value)}\n\n`, () => resolve()));
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  await send({
    ...base,
    choices: [{ index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }],
    ...usage,
  });
  let sent = 0;
  for (const text of splitIntoChunks(answer)) {
    if (cutAfter !== undefined && sent >= cutAfter) {
      // Mid-answer, as a dropped connection or a crashed upstream leaves it: no finish_reason, no [DONE].
      res.destroy();
      return;
    }
    if (chunkDelayMs > 0) await sleep(chunkDelayMs, undefined, { signal });
    await send({
      ...base,
      choices: [{ index: 0, delta: { content: text }, logprobs: null, finish_reason: null }],
      ...usage,
    });
    sent++;
  }
  await send({ ...base, choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: finishReason }], ...usage });
  if (request.includeUsage) await send({ ...base, choices: [], usage: usageOf(request, answer) });
  res.end('data: [DONE]\n\n');
}

function nowSeconds() {
  return Math.floor(Date.now() / 1000);
}

export const openAiChatApiPlugin: FastifyPluginAsync<OpenAiChatApiOptions> = async (app, options) => {
  const { apiKey, models, controls, closing } = options;

  app.get('/models', async (req) => {
    checkKey(req, apiKey);
    return {
      object: 'list',
      data: models.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'signlink-simulator' })),
    };
  });

  app.post('/chat/completions', async (req, reply) => {
    const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
    controls.logRequest({
      isAuthorized: bearerKeyOf(req) === apiKey,
      ...loggedFieldsOf(body),
      receivedAt: new Date().toISOString(),
    });
    const signal = goneSignal(reply.raw, closing);
    const delay = controls.takeDelay();
    if (delay) {
      try {
        await sleep(delay, undefined, { signal });
      } catch {
        // The client gave up (its time limit) or the simulator is closing: nobody is left to answer.
        reply.hijack();
        reply.raw.destroy();
        return;
      }
    }
    checkKey(req, apiKey);
    const failure = controls.takeFailure();
    if (failure) return sendError(reply, simulatedFailure(failure.status), failure.retryAfterMs);
    const request = readChatRequest(body);
    if (!models.includes(request.model)) throw unknownModel(request.model);

    const fullAnswer = controls.takeAnswer() ?? composeAnswer(request.messages);
    // max_tokens cuts the answer where a model would stop, at about four characters a token.
    const answer = request.maxTokens === undefined ? fullAnswer : fullAnswer.slice(0, request.maxTokens * 4);
    const finishReason = answer.length < fullAnswer.length ? 'length' : 'stop';
    if (!request.isStream) {
      return {
        id: `chatcmpl-sim${++completionCount}`,
        object: 'chat.completion',
        created: nowSeconds(),
        model: request.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: answer, refusal: null },
            logprobs: null,
            finish_reason: finishReason,
          },
        ],
        usage: usageOf(request, answer),
      };
    }
    reply.hijack();
    const cutAfter = controls.takeCut();
    await writeStream(reply.raw, {
      request: { ...request, includeUsage: request.includeUsage && controls.isUsageReported },
      answer,
      finishReason,
      cutAfter,
      chunkDelayMs: controls.chunkDelayMs,
      signal,
    }).catch(() => reply.raw.destroy());
  });
};
