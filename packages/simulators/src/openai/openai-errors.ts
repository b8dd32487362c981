/** An answer in OpenAI's error shape: `{ error: { message, type, param, code } }`. */
export class OpenAiSimError extends Error {
  readonly status: number;
  readonly type: string;
  readonly param: string | null;
  readonly code: string | null;
  constructor(
    status: number,
    {
      type,
      message,
      param = null,
      code = null,
    }: { type: string; message: string; param?: string | null; code?: string | null },
  ) {
    super(message);
    this.status = status;
    this.type = type;
    this.param = param;
    this.code = code;
  }

  toJSON() {
    return { error: { message: this.message, type: this.type, param: this.param, code: this.code } };
  }
}

// OpenAI's own wording for a missing or wrong key; the key itself is never echoed, as OpenAI masks it too.
export const missingKey = () =>
  new OpenAiSimError(401, {
    type: 'invalid_request_error',
    message:
      "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth.",
  });

export const wrongKey = () =>
  new OpenAiSimError(401, {
    type: 'invalid_request_error',
    message: 'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
    code: 'invalid_api_key',
  });

export const unknownModel = (model: string) =>
  new OpenAiSimError(404, {
    type: 'invalid_request_error',
    message: `The model \`${model}\` does not exist or you do not have access to it.`,
    code: 'model_not_found',
  });

export const invalidRequest = (param: string, message: string) =>
  new OpenAiSimError(400, { type: 'invalid_request_error', message, param });

export const notFound = (method: string, url: string) =>
  new OpenAiSimError(404, { type: 'invalid_request_error', message: `Invalid URL (${method} ${url})` });

/** What a test asked the next requests to fail with: OpenAI's 429 and 5xx bodies. */
export function simulatedFailure(status: number): OpenAiSimError {
  if (status === 429) {
    return new OpenAiSimError(429, {
      type: 'requests',
      message: 'Rate limit reached for requests (simulated).',
      code: 'rate_limit_exceeded',
    });
  }
  if (status >= 500) {
    return new OpenAiSimError(status, {
      type: 'server_error',
      message: 'The server had an error while processing your request (simulated).',
    });
  }
  return new OpenAiSimError(status, { type: 'invalid_request_error', message: 'Simulated refusal.' });
}
