import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  nowSeconds,
  presentSession,
  SESSION_LIFETIME_SECONDS,
  type SimCheckoutLine,
  type SimCheckoutSession,
  stripeId,
} from './stripe-checkout-session.ts';
import { stripeConnectApiPlugin } from './stripe-connect-api.ts';
import { idempotencyMismatch, noSuchSession, SimStripeError } from './stripe-errors.ts';
import { fieldAt, parseStripeForm, type StripeForm } from './stripe-form.ts';
import { connectedAccountOf, idempotencyKeyOf } from './stripe-idempotency.ts';
import { stripeInvoicesApiPlugin } from './stripe-invoices-api.ts';
import { integer, invalid, metadataOf, required } from './stripe-params.ts';
import type { StripeSimulatorControls } from './stripe-simulator-controls.ts';

/*
 * The part of Stripe's REST API (v1) that the official SDK calls for Checkout: create, retrieve and expire
 * Checkout Sessions, with Bearer secret-key auth, form-encoded bracket-notation bodies, Idempotency-Key, and
 * Stripe's error JSON; with `Stripe-Account` (Stripe Connect) a session is made on, and found only on, that account. Answers at `/v1/...` from the root of its listener, because the SDK's base path is fixed.
 */

export interface StripeApiOptions {
  controls: StripeSimulatorControls;
  secretKey: string;
  /** The hosted checkout page's base, e.g. `http://localhost:3000/sim/stripe`; a function when known only later. */
  checkoutBaseUrl: () => string;
}

const FORM = 'application/x-www-form-urlencoded';
type SessionRequest = FastifyRequest<{ Params: { id: string }; Body: string | undefined }>;

function linesOf(form: StripeForm): { currency: string; lines: SimCheckoutLine[] } {
  const items = form.line_items;
  if (!Array.isArray(items) || items.length === 0) {
    throw invalid('Missing required param: line_items.', 'line_items', 'parameter_missing');
  }
  let currency: string | undefined;
  const lines = items.map((_item, i) => {
    const priceData = ['line_items', i, 'price_data'];
    const lineCurrency = required(form, [...priceData, 'currency']).toLowerCase();
    if (!/^[a-z]{3}$/.test(lineCurrency))
      throw invalid(`Invalid currency: ${lineCurrency}.`, `line_items[${i}][price_data][currency]`);
    if (currency && currency !== lineCurrency) {
      throw invalid('All line items must have the same currency.', `line_items[${i}][price_data][currency]`);
    }
    currency = lineCurrency;
    const taxBehavior = (fieldAt(form, [...priceData, 'tax_behavior']) ?? 'unspecified') as string;
    if (!['inclusive', 'exclusive', 'unspecified'].includes(taxBehavior)) {
      throw invalid(`Invalid tax_behavior: ${taxBehavior}.`, `line_items[${i}][price_data][tax_behavior]`);
    }
    return {
      name: required(form, [...priceData, 'product_data', 'name']),
      unitAmount: integer(form, [...priceData, 'unit_amount'], 0),
      quantity: integer(form, ['line_items', i, 'quantity'], 1),
      taxBehavior: taxBehavior as SimCheckoutLine['taxBehavior'],
    };
  });
  return { currency: currency as string, lines };
}

export function buildSession(form: StripeForm, checkoutBaseUrl: string): SimCheckoutSession {
  const mode = required(form, ['mode']);
  if (mode !== 'payment') throw invalid(`The simulator only supports mode=payment, not ${mode}.`, 'mode');
  const { currency, lines } = linesOf(form);
  const id = stripeId('cs_test');
  const created = nowSeconds();
  const clientReferenceId = fieldAt(form, ['client_reference_id']);
  const customerEmail = fieldAt(form, ['customer_email']);
  const cancelUrl = fieldAt(form, ['cancel_url']);
  return {
    id,
    currency,
    lines,
    amountTotal: lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0),
    status: 'open',
    paymentStatus: 'unpaid',
    clientReferenceId: typeof clientReferenceId === 'string' ? clientReferenceId : null,
    customerEmail: typeof customerEmail === 'string' ? customerEmail : null,
    metadata: metadataOf(form),
    successUrl: required(form, ['success_url']),
    cancelUrl: typeof cancelUrl === 'string' ? cancelUrl : null,
    pageUrl: `${checkoutBaseUrl}/checkout/${id}`,
    created,
    expiresAt: created + SESSION_LIFETIME_SECONDS,
    isAwaitingSettlement: false,
    declineMessage: null,
    connectedAccount: null,
    paymentIntent: null,
  };
}

function isSecretKey(header: string | undefined, secretKey: string): boolean {
  const [scheme, token] = header?.split(' ') ?? [];
  if (scheme?.toLowerCase() !== 'bearer' || !token) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(token), digest(secretKey));
}

export const stripeApiPlugin: FastifyPluginAsync<StripeApiOptions> = async (app, options) => {
  const { controls, secretKey } = options;

  // Kept as text: the Idempotency-Key compares bodies, and bracket notation needs our own reader.
  if (app.hasContentTypeParser(FORM)) app.removeContentTypeParser(FORM);
  app.addContentTypeParser(FORM, { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.setErrorHandler((error: Error & { statusCode?: number }, _req, reply: FastifyReply) => {
    if (error instanceof SimStripeError) return reply.code(error.status).send(error.toJSON());
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    const type = status < 500 ? 'invalid_request_error' : 'api_error';
    return reply.code(status).send(new SimStripeError(status, type, error.message).toJSON());
  });

  app.addHook('preHandler', async (req) => {
    if (!isSecretKey(req.headers.authorization, secretKey)) {
      const shown = req.headers.authorization?.split(' ')[1]?.slice(-4) ?? '';
      throw new SimStripeError(
        401,
        'invalid_request_error',
        shown ? `Invalid API Key provided: sk_test_****${shown}` : 'You did not provide an API key.',
        'api_key_invalid',
      );
    }
    const failure = controls.takeFailure();
    if (failure) throw failure;
    // Stripe answers a request on behalf of an account it does not know (or we may not act for) with a 403.
    const account = connectedAccountOf(req);
    if (account) controls.connect.findAccount(account);
  });

  await app.register(stripeInvoicesApiPlugin, { controls, pageBaseUrl: options.checkoutBaseUrl });
  await app.register(stripeConnectApiPlugin, { controls, pageBaseUrl: options.checkoutBaseUrl });

  /** A session lives on one account: asked for on another (or on ours), it does not exist. */
  const findSessionOf = (req: SessionRequest) => {
    const session = controls.findSession(req.params.id);
    if ((session.connectedAccount ?? null) !== connectedAccountOf(req)) throw noSuchSession(req.params.id);
    return session;
  };

  app.post('/v1/checkout/sessions', async (req: SessionRequest, reply) => {
    const body = req.body ?? '';
    const idempotencyKey = idempotencyKeyOf(req);
    const earlier = idempotencyKey ? controls.store.getIdempotent(idempotencyKey) : undefined;
    if (earlier) {
      if (earlier.body !== body) throw idempotencyMismatch(req.headers['idempotency-key'] as string);
      reply.header('idempotent-replayed', 'true');
      return presentSession(controls.findSession(earlier.objectId));
    }
    const account = connectedAccountOf(req);
    if (account) controls.connect.assertCanCharge(account);
    const session = { ...buildSession(parseStripeForm(body), options.checkoutBaseUrl()), connectedAccount: account };
    controls.store.save(session);
    if (idempotencyKey) controls.store.saveIdempotent(idempotencyKey, { body, objectId: session.id });
    return presentSession(session);
  });

  app.get('/v1/checkout/sessions/:id', async (req: SessionRequest) => presentSession(findSessionOf(req)));

  app.post('/v1/checkout/sessions/:id/expire', async (req: SessionRequest) =>
    presentSession(controls.expire(findSessionOf(req).id)),
  );
};
