import { type ErrorCode, errorCatalogue, messageKeyOf } from '@signlink/contracts/errors/error-codes';
import type { ErrorResponse } from '@signlink/contracts/errors/error-response';
import { answerableCodes } from '@signlink/contracts/http/route-contract';
import { createTranslator } from '@signlink/i18n/create-translator';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isAppError } from '../errors.ts';

/** Fastify's own request errors, mapped onto the catalogue so clients see one vocabulary. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'FILE_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UPLOAD_WRONG_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The catalogue code the request was answered with, once it failed: the developer log records it. */
    answeredCode: ErrorCode | null;
  }
}

function toCode(error: FastifyError): ErrorCode {
  if (error.code && fastifyCodes[error.code]) return fastifyCodes[error.code] as ErrorCode;
  // Body parsers raise a SyntaxError with a 400 status for malformed JSON.
  if (error instanceof SyntaxError && error.statusCode === 400) return 'INVALID_JSON';
  if (error.statusCode === 413) return 'FILE_TOO_LARGE';
  if (error.statusCode === 429) return 'RATE_LIMITED';
  if (error.statusCode === 404) return 'NOT_FOUND';
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return 'VALIDATION_FAILED';
  return 'SERVER_ERROR';
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  details?: unknown,
): FastifyReply {
  const t = createTranslator(request.locale ?? 'en-us');
  // Keys in ZErrorResponse's order, so an answer reads the same whether or not the route's schemas list its status.
  const body: ErrorResponse = {
    code,
    message: t(messageKeyOf(code)),
    ...(details === undefined ? {} : { details }),
    requestId: request.id,
  };
  request.answeredCode = code;
  const retryAfter = retryAfterOf(code, details);
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  return reply.code(errorCatalogue[code].status).type('application/json; charset=utf-8').send(body);
}

/** A refusal that says when to come back (`details.retryAfterSeconds`) says it in HTTP too (RFC 9110, Retry-After). */
function retryAfterOf(code: ErrorCode, details: unknown): number | undefined {
  if (code !== 'RATE_LIMITED' || typeof details !== 'object' || details === null) return undefined;
  const seconds = (details as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

/**
 * Every failure leaves as `{ code, message, details?, requestId }` with a catalogue code (issue 2,
 * part 4). Anything we did not expect is logged in full and answered with a generic 500: a stack
 * trace or SQL text never reaches the client.
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance, options: { checkContracts?: boolean } = {}) => {
    app.decorateRequest('answeredCode', null);
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (isAppError(error)) {
        if (error.status >= 500) request.log.error({ err: error }, 'request failed');
        const contract = request.routeOptions.config.contract;
        // Under test, a code the route's contract does not list fails the test that met it: the list is a promise
        // to clients (and the OpenAPI document), so it must not drift from what the services throw.
        if (options.checkContracts && contract && !answerableCodes(contract).has(error.code)) {
          const route = `${contract.method} ${contract.path}`;
          request.log.error({ route, code: error.code }, 'code not in the route contract');
          return sendError(request, reply, 'SERVER_ERROR', { unlistedCode: error.code, route });
        }
        return sendError(request, reply, error.code, error.details);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = error.validation.map((issue) => ({
          path: [error.validationContext, ...String(issue.instancePath).split('/').filter(Boolean)].join('.'),
          message: issue.message,
        }));
        return sendError(request, reply, 'VALIDATION_FAILED', { issues });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
        return sendError(request, reply, 'SERVER_ERROR');
      }
      const code = toCode(error);
      if (code === 'SERVER_ERROR') request.log.error({ err: error }, 'unexpected error');
      else request.log.info({ err: { message: error.message, code: error.code } }, 'request refused');
      return sendError(request, reply, code);
    });

    app.setNotFoundHandler((request, reply) => sendError(request, reply, 'ROUTE_NOT_FOUND'));
  },
  { name: 'error-handler', dependencies: ['request-locale'] },
);
