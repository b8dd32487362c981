import type { FastifyReply, FastifyRequest } from 'fastify';
import { idempotencyMismatch } from './stripe-errors.ts';
import { parseStripeForm, type StripeForm } from './stripe-form.ts';
import type { StripeSessionStore } from './stripe-session-store.ts';

type ApiRequest = FastifyRequest<{ Body: string | undefined }>;

/** The `Stripe-Account` header (Stripe Connect): the connected account a request acts on, or null for our own. */
export function connectedAccountOf(req: FastifyRequest): string | null {
  const header = req.headers['stripe-account'];
  return typeof header === 'string' && header ? header : null;
}

/** Stripe keeps idempotency keys per account: the same key on two connected accounts names two requests. */
export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const header = req.headers['idempotency-key'];
  if (typeof header !== 'string' || !header) return undefined;
  const account = connectedAccountOf(req);
  return account ? `${account}\n${header}` : header;
}

/**
 * Stripe's Idempotency-Key for a create: the same key and parameters replay the first answer as it was; other
 * parameters, or another endpoint, are refused. Keys are kept with the endpoint, so one key serves one call.
 */
export function replayIdempotent(
  store: StripeSessionStore,
  req: ApiRequest,
  reply: FastifyReply,
  create: (form: StripeForm) => { id: string; json: unknown },
): unknown {
  const body = `${req.url.split('?')[0]}\n${req.body ?? ''}`;
  const key = idempotencyKeyOf(req);
  const earlier = key ? store.getIdempotent(key) : undefined;
  if (key && earlier) {
    if (earlier.body !== body) throw idempotencyMismatch(req.headers['idempotency-key'] as string);
    reply.header('idempotent-replayed', 'true');
    return earlier.response;
  }
  const made = create(parseStripeForm(req.body ?? ''));
  if (key) store.saveIdempotent(key, { body, objectId: made.id, response: made.json });
  return made.json;
}
