import { VatValidationError } from './vat-validation-error.ts';

export interface ViesAnswer {
  status: number;
  text: string;
}

/** One HTTP exchange with VIES, the whole body read within `timeoutMs`; no answer at all is a retryable error. */
export async function requestVies(url: string, init: RequestInit, timeoutMs: number): Promise<ViesAnswer> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    throw unreachable(error, timeoutMs);
  }
}

/** An HTTP status other than 200 without VIES's error JSON: a gateway's or proxy's page. 408, 429 and 5xx may pass. */
export function viesHttpError(answer: ViesAnswer): VatValidationError {
  const { status } = answer;
  return new VatValidationError({
    message: `VIES: HTTP ${status}: ${answer.text.slice(0, 200) || '(empty body)'}`,
    isRetryable: status === 408 || status === 429 || status >= 500,
    status,
  });
}

/** An answer with the right status but not the shape VIES documents: repeating the request will not fix it. */
export function invalidAnswer(detail: string, status: number): VatValidationError {
  return new VatValidationError({ message: `VIES: unexpected answer: ${detail}`, isRetryable: false, status });
}

/** The body as JSON, or undefined when it is not JSON (a proxy's page, an empty body). */
export function parseJson(answer: ViesAnswer): unknown {
  try {
    return JSON.parse(answer.text) as unknown;
  } catch {
    return undefined;
  }
}

function unreachable(error: unknown, timeoutMs: number): VatValidationError {
  const failure = error as Error & { cause?: { code?: string; message?: string } };
  if (failure.name === 'TimeoutError') {
    return new VatValidationError({
      message: `VIES unreachable: no answer within ${timeoutMs} ms`,
      isRetryable: true,
      cause: error,
    });
  }
  // fetch reports every network failure as "fetch failed"; the useful part (ECONNREFUSED, ENOTFOUND…) is the cause.
  const code = failure.cause?.code ? `${failure.cause.code}: ` : '';
  const detail = failure.cause?.message ?? failure.message;
  return new VatValidationError({ message: `VIES unreachable: ${code}${detail}`, isRetryable: true, cause: error });
}
