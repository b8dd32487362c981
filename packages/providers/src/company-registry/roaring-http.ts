import { CompanyRegistryError } from './company-registry-error.ts';

export interface RoaringAnswer {
  status: number;
  text: string;
}

/** One HTTP exchange with Roaring, the whole body read within `timeoutMs`; no answer at all is a retryable error. */
export async function requestRoaring(url: string, init: RequestInit, timeoutMs: number): Promise<RoaringAnswer> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    throw unreachable(error, timeoutMs);
  }
}

/**
 * An answer other than the one asked for. Roaring's API gateway answers 401 for a missing, expired or revoked token
 * and 403 for an API the account does not subscribe to: both need the operator, so asking again cannot help; 408,
 * 429 and 5xx (its `ServerError`, or a proxy's page) may pass.
 */
export function roaringHttpError(what: string, answer: RoaringAnswer): CompanyRegistryError {
  const { status } = answer;
  const isRetryable = status === 408 || status === 429 || status >= 500;
  const setup = status === 401 || status === 403 ? ' (check the client credentials and the API subscriptions)' : '';
  return new CompanyRegistryError({
    message: `Roaring ${what}: HTTP ${status}${setup}: ${errorDetail(answer.text)}`,
    isRetryable,
    status,
  });
}

/** An answer with the right status but not the shape Roaring documents: repeating the request will not fix it. */
export function invalidAnswer(what: string, detail: string, status = 200): CompanyRegistryError {
  return new CompanyRegistryError({
    message: `Roaring ${what}: unexpected answer: ${detail}`,
    isRetryable: false,
    status,
  });
}

export function parseJson(what: string, answer: RoaringAnswer): unknown {
  try {
    return JSON.parse(answer.text) as unknown;
  } catch (error) {
    throw new CompanyRegistryError({
      message: `Roaring ${what}: HTTP ${answer.status} without JSON`,
      isRetryable: false,
      status: answer.status,
      cause: error,
    });
  }
}

/** Roaring's error bodies: `{ error, message }` from its APIs, `{ error, error_description }` from the token service. */
function errorDetail(text: string): string {
  try {
    const body = JSON.parse(text) as Record<string, unknown> | null;
    const parts = [body?.error, body?.message ?? body?.error_description].filter((part) => typeof part === 'string');
    if (parts.length > 0) return parts.join(': ');
  } catch {
    // Not Roaring's JSON (a proxy's page, an empty body): the text itself, shortened.
  }
  return text.slice(0, 200) || '(empty body)';
}

function unreachable(error: unknown, timeoutMs: number): CompanyRegistryError {
  const failure = error as Error & { cause?: { code?: string; message?: string } };
  if (failure.name === 'TimeoutError') {
    return new CompanyRegistryError({
      message: `Roaring unreachable: no answer within ${timeoutMs} ms`,
      isRetryable: true,
      cause: error,
    });
  }
  // fetch reports every network failure as "fetch failed"; the useful part (ECONNREFUSED, ENOTFOUND…) is the cause.
  const code = failure.cause?.code ? `${failure.cause.code}: ` : '';
  const detail = failure.cause?.message ?? failure.message;
  return new CompanyRegistryError({
    message: `Roaring unreachable: ${code}${detail}`,
    isRetryable: true,
    cause: error,
  });
}
