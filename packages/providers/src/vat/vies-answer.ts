import type { VatCheckResult } from './vat-validation.port.ts';
import { VatValidationError } from './vat-validation-error.ts';
import { invalidAnswer, parseJson, type ViesAnswer, viesHttpError } from './vies-http.ts';

/*
 * A VIES answer to `POST /check-vat-number` turned into a VatCheckResult, or into the VatValidationError it stands
 * for (vies.adapter.ts lists the documents each shape comes from). Fields we do not use (the trader* fields of the
 * approximate match) are ignored, so additions do not break us.
 */

type Json = Record<string, unknown>;

/**
 * The error codes meaning VIES or the member state behind it cannot answer now, and asking again later can help. They
 * are the SOAP service's fault strings (checkVatService.wsdl), which the REST API reports in `errorWrappers`.
 */
const RETRYABLE_ERRORS = new Set([
  // VIES itself, at the network or application level.
  'SERVICE_UNAVAILABLE',
  // The member state's system is not replying, or did not reply to VIES in time.
  'MS_UNAVAILABLE',
  'TIMEOUT',
  // Too many requests at once, to VIES as a whole or to that member state.
  'GLOBAL_MAX_CONCURRENT_REQ',
  'GLOBAL_MAX_CONCURRENT_REQ_TIME',
  'MS_MAX_CONCURRENT_REQ',
  'MS_MAX_CONCURRENT_REQ_TIME',
]);

/**
 * INVALID_INPUT: "the provided CountryCode is invalid or the VAT number is empty". Our callers send only numbers that
 * parseVatNumber accepted, so VIES says this only of a prefix it does not serve: no EU VAT number, which is a verdict
 * about the number (VAT_INVALID to the user), not an outage they should wait out.
 */
const NOT_A_VAT_NUMBER = 'INVALID_INPUT';

// What VIES puts in `name` and `address` when the member state does not share them (DE and ES, among others), and
// for numbers that are not valid.
const NOT_SHARED = '---';

export function readViesAnswer(answer: ViesAnswer, asked: { countryCode: string; vatNumber: string }): VatCheckResult {
  const body = parseJson(answer);
  if (body === undefined) {
    if (answer.status === 200) throw invalidAnswer('not JSON', answer.status);
    throw viesHttpError(answer);
  }
  // Business errors come as HTTP 200 with `actionSucceed: false`, gateway errors (VOW-ERR-…) with 4xx or 5xx.
  const viesError = errorOf(body);
  if (viesError?.code === NOT_A_VAT_NUMBER) {
    return { ...asked, valid: false, requestDate: new Date().toISOString() };
  }
  if (viesError) throw viesErrorOf(viesError, answer.status);
  if (answer.status !== 200) throw viesHttpError(answer);

  if (!isObject(body)) throw invalidAnswer('not an object', answer.status);
  if (typeof body.valid !== 'boolean') throw invalidAnswer('valid missing', answer.status);
  const requestDate = text(body.requestDate);
  if (!requestDate) throw invalidAnswer('requestDate missing', answer.status);
  const name = shared(body.name);
  const address = shared(body.address);
  const requestIdentifier = text(body.requestIdentifier);
  return {
    countryCode: text(body.countryCode) || asked.countryCode,
    vatNumber: text(body.vatNumber) || asked.vatNumber,
    valid: body.valid,
    ...(body.valid && name ? { name } : {}),
    ...(body.valid && address ? { address } : {}),
    requestDate,
    // VIES answers an empty string when the request named no requester.
    ...(requestIdentifier ? { requestIdentifier } : {}),
  };
}

/** The first of `errorWrappers`, VIES's `CommonResponse { actionSucceed, errorWrappers: [{ error, message }] }`. */
function errorOf(body: unknown): { code: string; message: string } | undefined {
  if (!isObject(body)) return undefined;
  const wrappers = Array.isArray(body.errorWrappers) ? body.errorWrappers.filter(isObject) : [];
  const [first] = wrappers;
  if (first) return { code: text(first.error) || 'UNKNOWN', message: text(first.message) };
  return body.actionSucceed === false ? { code: 'UNKNOWN', message: '' } : undefined;
}

function viesErrorOf(error: { code: string; message: string }, status: number): VatValidationError {
  // A code we do not know (VOW-ERR-1, "an unexpected error occurred, please retry later", comes with 500) is worth
  // another try only when the status says the fault is VIES's. IP_BLOCKED, VAT_BLOCKED and INVALID_REQUESTER_INFO
  // (our own VAT number, from configuration) need someone to act first.
  const isRetryable = RETRYABLE_ERRORS.has(error.code) || status >= 500;
  return new VatValidationError({
    message: `VIES: ${error.code}${error.message ? `: ${error.message}` : ''}`,
    isRetryable,
    status,
    viesError: error.code,
  });
}

/** The value, unless it is VIES's "not shared" placeholder or empty. */
function shared(value: unknown): string | undefined {
  const trimmed = text(value);
  return trimmed && trimmed !== NOT_SHARED ? trimmed : undefined;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
