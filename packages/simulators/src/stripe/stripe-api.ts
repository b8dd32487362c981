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
import { SimStripeError } from './stripe-errors.ts';
import { fieldAt, parseStripeForm, type StripeForm, type StripeFormValue } from './stripe-form.ts';
import type { StripeSimulatorControls } from './stripe-simulator-controls.ts';

/*
 * The part of Stripe's REST API (v1) that the official SDK calls for Checkout: create, retrieve and expire
 * Checkout Sessions, with Bearer secret-key auth, form-encoded bracket-notation bodies, Idempotency-Key, and
 * Stripe's error JSON. Answers at `/v1/...` from the root of its listener, because the SDK's base path is fixed.
 */

export interface StripeApiOptions {
  controls: StripeSimulatorControls;
  secretKey: string;
  /** The hosted checkout page's base, e.g. `http://localhost:3000/sim/stripe`; a function when known only later. */
  checkoutBaseUrl: () => string;
}

const FORM = 'application/x-www-form-urlencoded';
type SessionRequest = FastifyRequest<{ Params: { id: string }; Body: string | undefined }>;

function invalid(message: string, param: string, code = 'parameter_invalid'): SimStripeError {
  return new SimStripeError(400, 'invalid_request_error', message, code, param);
}

function required(form: StripeFormValue | undefined, path: (string | number)[]): string {
  const value = fieldAt(form, path);
  const param = path.map((key, i) => (i === 0 ? key : `[${key}]`)).join('');
  if (value === undefined || value === '')
    throw invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
  if (typeof value !== 'string') throw invalid(`Invalid value for ${param}.`, param);
  return value;
}

function integer(form: StripeFormValue | undefined, path: (string | number)[], min: number): number {
  const text = required(form, path);
  const param = path.map((key, i) => (i === 0 ? key : `[${key}]`)).join('');
  if (!/^\d+$/.test(text) || Number(text) < min || !Number.isSafeInteger(Number(text))) {
    throw invalid(`Invalid integer: ${text}`, param, 'parameter_invalid_integer');
  }
  return Number(text);
}

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

function metadataOf(form: StripeForm): Record<string, string> {
  const metadata = form.metadata ?? {};
  if (typeof metadata !== 'object' || Array.isArray(metadata)) throw invalid('Invalid metadata.', 'metadata');
  const entries = Object.entries(metadata);
  // Stripe's metadata limits: 50 keys, keys up to 40 characters, values up to 500.
  if (entries.length > 50) throw invalid('Metadata can have at most 50 keys.', 'metadata');
  for (const [key, value] of entries) {
    if (typeof value !== 'string' || key.length > 40 || value.length > 500)
      throw invalid('Invalid metadata.', `metadata[${key}]`);
  }
  return Object.fromEntries(entries) as Record<string, string>;
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
  });

  app.post('/v1/checkout/sessions', async (req: SessionRequest, reply) => {
    const body = req.body ?? '';
    const key = req.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' && key ? key : undefined;
    const earlier = idempotencyKey ? controls.store.getIdempotent(idempotencyKey) : undefined;
    if (earlier) {
      if (earlier.body !== body) {
        throw new SimStripeError(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        );
      }
      reply.header('idempotent-replayed', 'true');
      return presentSession(controls.findSession(earlier.sessionId));
    }
    const session = buildSession(parseStripeForm(body), options.checkoutBaseUrl());
    controls.store.save(session);
    if (idempotencyKey) controls.store.saveIdempotent(idempotencyKey, { body, sessionId: session.id });
    return presentSession(session);
  });

  app.get('/v1/checkout/sessions/:id', async (req: SessionRequest) =>
    presentSession(controls.findSession(req.params.id)),
  );

  app.post('/v1/checkout/sessions/:id/expire', async (req: SessionRequest) =>
    presentSession(controls.expire(req.params.id)),
  );
};
