import { ZErrorResponse } from '@signlink/contracts/errors/error-response';
import {
  allowsApiClients,
  errorStatusesOf,
  isSessionOnly,
  type RouteContract,
  type RouteReply,
  type SuccessStatus,
} from '@signlink/contracts/http/route-contract';
import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../errors.ts';
import { type Actor, requireActor } from './actor.ts';

/** The Fastify instance a routes plugin is given (zod type provider, under the `/v2` prefix). */
export type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;

/** A route that only signed-in users may call has its actor: the contract's guard ran before the handler. */
type ActorOf<Contract extends RouteContract> = Contract['callers'] extends readonly ('session' | 'api-client')[]
  ? { actor: Actor }
  : unknown;

export type ContractRequest<Contract extends RouteContract> = FastifyRequest<{
  Params: Parsed<Contract['params']>;
  Querystring: Parsed<Contract['query']>;
  Body: Parsed<Contract['body']>;
  Headers: Parsed<Contract['headers']>;
}> &
  ActorOf<Contract>;

type Answer<Contract extends RouteContract> = RouteReply<Contract> | FastifyReply;

export type ContractHandler<Contract extends RouteContract> = (
  request: ContractRequest<Contract>,
  reply: FastifyReply,
) => Answer<Contract> | Promise<Answer<Contract>>;

/** What a route may add to its contract: a serializer of its own (the recipient's hottest answer), never its schemas. */
export type RouteExtras = Pick<RouteShorthandOptions, 'serializerCompiler'>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract the route was registered from (the error handler checks its codes against it). */
    contract?: RouteContract;
  }
}

/**
 * Registers a contract's route: Fastify validates the input and serialises the answer with the contract's schemas,
 * the OpenAPI document describes it from them, and a route only signed-in users may call refuses anyone else before
 * it reads their input (a stranger learns nothing of the route's rules from its validation errors).
 */
export function route<Contract extends RouteContract>(
  app: RouteApp,
  contract: Contract,
  handler: ContractHandler<Contract>,
  extras: RouteExtras = {},
): void {
  app.route({
    method: contract.method,
    url: contract.path,
    schema: schemaOf(contract),
    config: { contract },
    ...extras,
    ...(contract.callers.includes('session') ? { preValidation: guardCaller(contract) } : {}),
    handler: handler as never,
  });
}

function guardCaller(contract: RouteContract) {
  const sessionOnly = isSessionOnly(contract);
  return (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void => {
    try {
      if (sessionOnly) requireActor(request);
      refuseIntegrationBeyondItsRoutes(contract, request);
      done();
    } catch (error) {
      done(error as Error);
    }
  };
}

/**
 * An integration (API client, OAuth app) calls only the routes whose contract lists it, and a read-only one only
 * their GETs (issue 26): a leaked read key cannot send, delete or change a thing.
 */
function refuseIntegrationBeyondItsRoutes(contract: RouteContract, request: FastifyRequest): void {
  const delegate = request.actor?.delegate;
  if (!delegate) return;
  if (!allowsApiClients(contract)) {
    throw new AppError('API_CLIENT_NOT_ALLOWED', { details: { reason: 'route-not-open-to-integrations' } });
  }
  if (delegate.accessLevel === 'read' && contract.method !== 'GET') {
    throw new AppError('API_CLIENT_NOT_ALLOWED', { details: { reason: 'read-only-access' } });
  }
}

/**
 * A person's bearer token; on the routes open to integrations also an API client's id and secret as Basic
 * credentials (either scheme will do, so two alternatives), the token `oauth/generatetoken` gives being a bearer one.
 */
function securityOf(contract: RouteContract): Record<string, string[]>[] {
  return allowsApiClients(contract) ? [{ bearer: [] }, { clientCredentials: [] }] : [{ bearer: [] }];
}

/** The Fastify schema (and so the OpenAPI operation) of a contract. */
function schemaOf(contract: RouteContract) {
  const response: Record<number, z.ZodType> = {};
  for (const [status, schema] of Object.entries(contract.responses) as [`${SuccessStatus}`, z.ZodType | null][]) {
    if (schema) response[Number(status)] = schema;
  }
  for (const status of errorStatusesOf(contract)) response[status] = ZErrorResponse;
  return {
    tags: [...contract.tags],
    summary: contract.summary,
    ...(contract.callers.includes('session') ? { security: securityOf(contract) } : {}),
    ...(contract.params ? { params: contract.params } : {}),
    ...(contract.query ? { querystring: contract.query } : {}),
    ...(contract.body ? { body: contract.body } : {}),
    ...(contract.headers ? { headers: contract.headers } : {}),
    response,
  };
}
