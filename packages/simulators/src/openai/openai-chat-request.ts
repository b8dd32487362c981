import type { FastifyRequest } from 'fastify';
import { invalidRequest } from './openai-errors.ts';
import type { OpenAiSimMessage } from './openai-simulator-controls.ts';

const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool']);

export interface ChatCompletionRequest {
  model: string;
  messages: OpenAiSimMessage[];
  isStream: boolean;
  includeUsage: boolean;
  maxTokens?: number;
}

export function bearerKeyOf(req: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
  return match?.[1]?.trim();
}

/** A message's text: a string, or the text parts of OpenAI's content-part array joined by newlines. */
function textOf(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (content === null) return '';
  if (!Array.isArray(content)) return undefined;
  const texts: string[] = [];
  for (const part of content as { type?: unknown; text?: unknown }[]) {
    if (part?.type !== 'text' || typeof part.text !== 'string') return undefined;
    texts.push(part.text);
  }
  return texts.join('\n');
}

/** The messages as the model reads them, or undefined when one is not a message OpenAI would take. */
export function messagesOf(value: unknown): OpenAiSimMessage[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const messages: OpenAiSimMessage[] = [];
  for (const item of value as { role?: unknown; content?: unknown }[]) {
    const content = textOf(item?.content);
    if (typeof item?.role !== 'string' || !ROLES.has(item.role) || content === undefined) return undefined;
    messages.push({ role: item.role, content });
  }
  return messages;
}

function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** What the log keeps of any body, well-formed or not. */
export function loggedFieldsOf(body: Record<string, unknown>) {
  const maxTokens = numberOf(body.max_completion_tokens) ?? numberOf(body.max_tokens);
  const temperature = numberOf(body.temperature);
  return {
    ...(typeof body.model === 'string' ? { model: body.model } : {}),
    messages: messagesOf(body.messages) ?? [],
    isStream: body.stream === true,
    ...(maxTokens === undefined ? {} : { maxTokens }),
    ...(temperature === undefined ? {} : { temperature }),
  };
}

/** The body as a chat-completions request, or OpenAI's 400 naming the first wrong parameter. */
export function readChatRequest(body: Record<string, unknown>): ChatCompletionRequest {
  if (typeof body.model !== 'string' || !body.model)
    throw invalidRequest('model', 'you must provide a model parameter');
  const messages = messagesOf(body.messages);
  if (!messages) {
    throw invalidRequest('messages', "'messages' must be a non-empty array of messages with a role and a content");
  }
  const maxTokens = numberOf(body.max_completion_tokens) ?? numberOf(body.max_tokens);
  if (maxTokens !== undefined && !(Number.isInteger(maxTokens) && maxTokens >= 1)) {
    throw invalidRequest('max_tokens', 'max_tokens must be a whole number of at least 1');
  }
  const options = body.stream_options as { include_usage?: unknown } | undefined;
  return {
    model: body.model,
    messages,
    isStream: body.stream === true,
    includeUsage: options?.include_usage === true,
    ...(maxTokens === undefined ? {} : { maxTokens }),
  };
}
