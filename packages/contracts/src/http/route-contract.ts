import type { z } from 'zod';
import { type ErrorCode, statusOf } from '../errors/error-codes.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route, by the credential they bring (SPEC sections 6 and 7):
 * - `session`: a signed-in user's bearer token, acting for one account in one role;
 * - `api-client`: an integration acting for an account (issue 26): an API client's token from `oauth/generatetoken`,
 *   its Basic credentials sent directly, or an OAuth app's token. Always listed beside `session`: an integration may
 *   call only the routes that list it, and a read-only one only their GETs;
 * - `client`: anyone, with the web client's basic credentials (logging in, registering);
 * - `link-code`: whoever holds a party's link code, which is in the path;
 * - `request-token`: a recipient past the link's gate, with the RequestToken bound to that link;
 * - `content-token`: a short-lived file token in the query, made for one file;
 * - `provider`: an external system calling back (its own signature is checked);
 * - `public`: anyone, nothing asked (health, the seal's CA, verifying a PDF).
 */
export type Caller =
  | 'session'
  | 'api-client'
  | 'client'
  | 'link-code'
  | 'request-token'
  | 'content-token'
  | 'provider'
  | 'public';

type Schema = z.ZodType;

/** A route's answer on success: JSON by its schema, nothing (204), or a file's bytes. */
export type SuccessStatus = 200 | 201 | 202 | 204;

/**
 * One endpoint, declared once: the server registers its Fastify route from it, the OpenAPI document describes it,
 * and the web app calls it with `api(contract, input)`. Paths are relative to `/v2` in Fastify's `:param` form.
 */
export interface RouteContract {
  readonly method: HttpMethod;
  readonly path: `/${string}`;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly callers: readonly Caller[];
  readonly params?: Schema;
  readonly query?: Schema;
  readonly body?: Schema;
  readonly headers?: Schema;
  /** The success answers by status; a status without a schema answers no JSON (204, or a file). */
  readonly responses: Partial<Record<SuccessStatus, Schema | null>>;
  /** The answer is a file (a PDF, an image): the client reads the Response itself. */
  readonly file?: boolean;
  /**
   * The catalogue codes (SPEC section 8) this route can answer beyond those every route can (invalid input, rate
   * limits, a server fault) and, for `session` routes, a missing or expired session. Tests fail on any other.
   */
  readonly errors: readonly ErrorCode[];
}

const contractMark = Symbol.for('signlink.route-contract');

/** Declares an endpoint; the literal's types (path, schemas) are kept for the server and the web app. */
export function defineRoute<const Contract extends RouteContract>(contract: Contract): Contract {
  Object.defineProperty(contract, contractMark, { value: true });
  return Object.freeze(contract);
}

export function isRouteContract(value: unknown): value is RouteContract {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[contractMark] === true;
}

/**
 * Only a signed-in user (and, where listed, an integration acting for an account) may call it: the server refuses
 * anyone else before reading their input.
 */
export function isSessionOnly(contract: RouteContract): boolean {
  return (
    contract.callers.includes('session') &&
    contract.callers.every((caller) => caller === 'session' || caller === 'api-client')
  );
}

/** Integrations (API clients, OAuth apps) may call it, within their access level. */
export function allowsApiClients(contract: RouteContract): boolean {
  return contract.callers.includes('api-client');
}

/** Codes any route may answer: input the schemas refuse, limits, and faults on our side. */
export const everyRouteErrors = [
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'RATE_LIMITED',
  'REQUEST_TIMEOUT',
  'SERVER_ERROR',
  'SERVICE_UNAVAILABLE',
  'MAINTENANCE',
] as const satisfies readonly ErrorCode[];

/** Codes a route that needs a signed-in user answers without one. */
export const sessionErrors = ['UNAUTHENTICATED', 'SESSION_EXPIRED'] as const satisfies readonly ErrorCode[];

/** Every code the route may answer: its own, the ones every route has, and the session's when it needs one. */
export function answerableCodes(contract: RouteContract): ReadonlySet<ErrorCode> {
  return new Set<ErrorCode>([
    ...contract.errors,
    ...everyRouteErrors,
    ...(contract.callers.includes('session') ? sessionErrors : []),
    // An integration's token on a route it may not call, or a read-only one writing.
    ...(contract.callers.includes('session') ? (['API_CLIENT_NOT_ALLOWED'] as const) : []),
  ]);
}

/** The HTTP statuses of the route's error answers, for its response schemas. */
export function errorStatusesOf(contract: RouteContract): number[] {
  const statuses = new Set<number>([400]);
  for (const code of contract.errors) statuses.add(statusOf(code));
  if (contract.callers.includes('session')) {
    statuses.add(401);
    statuses.add(403);
  }
  return [...statuses].sort((a, b) => a - b);
}

type Output<S> = S extends Schema ? z.output<S> : never;
type Input<S> = S extends Schema ? z.input<S> : never;

/** The path's parameters as the client sends them: strings by name, taken from `:name` segments. */
type PathParams<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? { [Key in Param | keyof PathParams<`/${Rest}`>]: string }
  : Path extends `${string}:${infer Param}`
    ? { [Key in Param]: string }
    : Record<never, never>;

/** A declared part is a required key, or an optional one when every field in it is optional. */
type Present<Key extends string, Value> = [Value] extends [never]
  ? unknown
  : Record<never, never> extends Value
    ? { [K in Key]?: Value }
    : { [K in Key]: Value };

/** What a caller passes: `params` when the path has any, `query` and `body` when the contract declares them. */
export type RouteInput<Contract extends RouteContract> = Present<
  'params',
  keyof PathParams<Contract['path']> extends never ? never : PathParams<Contract['path']>
> &
  Present<'query', Input<Contract['query']>> &
  Present<'body', Input<Contract['body']>>;

/** The first success answer's parsed type; `undefined` for one without a schema. */
export type RouteAnswer<Contract extends RouteContract> = SuccessOf<Contract['responses']>;

type SuccessOf<Responses> = Responses extends { 200: infer S }
  ? AnswerOf<S>
  : Responses extends { 201: infer S }
    ? AnswerOf<S>
    : Responses extends { 202: infer S }
      ? AnswerOf<S>
      : undefined;
type AnswerOf<S> = S extends Schema ? Output<S> : undefined;

/** The answer a server handler returns: the schema's input, which the serializer turns into JSON. */
export type RouteReply<Contract extends RouteContract> = ReplyOf<Contract['responses']>;
type ReplyOf<Responses> = Responses extends { 200: infer S }
  ? ReplyBody<S>
  : Responses extends { 201: infer S }
    ? ReplyBody<S>
    : Responses extends { 202: infer S }
      ? ReplyBody<S>
      : undefined;
type ReplyBody<S> = S extends Schema ? Input<S> : undefined;

/** The path with its parameters filled in, each encoded, without the leading slash (relative to `/v2/`). */
export function fillPath(path: string, params: Record<string, string> | undefined): string {
  return path.slice(1).replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}
