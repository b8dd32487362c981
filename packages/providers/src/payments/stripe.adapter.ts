import Stripe from 'stripe';
import {
  type CheckoutSession,
  type PaymentEvent,
  type PaymentEventType,
  PaymentsError,
  type PaymentsProvider,
  PaymentWebhookSignatureError,
} from './payments.port.ts';
import {
  connectedAccountOf,
  createConnectedAccount,
  createOnboardingLink,
  createRefund,
  onAccount,
  retrieveConnectedAccount,
} from './stripe-connect.ts';
import { createStripeInvoice, invoiceOf } from './stripe-invoices.ts';
import { currencyOf, oneOf } from './stripe-values.ts';

export interface StripePaymentsConfig {
  /** `sk_live_…` / `sk_test_…`, or the simulator's key. */
  secretKey: string;
  /** The webhook endpoint's signing secret (`whsec_…`). */
  webhookSecret: string;
  /**
   * Stripe Connect: events of connected accounts (a Sign & Pay payment, `account.updated`) go to a Connect webhook
   * endpoint, which Stripe signs with its own secret. When it posts to the same route, a signature under either
   * secret is accepted.
   */
  connectWebhookSecret?: string;
  /** Another Stripe API origin than api.stripe.com: the simulator, e.g. `http://127.0.0.1:41234`. */
  apiUrl?: string;
  /** Per request; the SDK's default of 80 s would hold a buyer's click far too long. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 20_000;
// The SDK retries connection errors, 409s and 5xx with its own backoff, reusing the Idempotency-Key, so a retry
// never makes a second session; more than two would keep the buyer waiting.
const MAX_NETWORK_RETRIES = 2;

const EVENT_TYPES = new Set<PaymentEventType>([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'invoice.paid',
  'invoice.payment_failed',
  'account.updated',
]);

/** The SDK's address options; it has no base path option, which is why the simulator answers at `/v1/...`. */
function addressOf(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function sessionOf(session: Stripe.Checkout.Session): CheckoutSession {
  return {
    id: session.id,
    url: session.url ?? null,
    status: oneOf(session.status, ['open', 'complete', 'expired'], 'session status'),
    paymentStatus: oneOf(session.payment_status, ['paid', 'unpaid', 'no_payment_required'], 'payment status'),
    currency: currencyOf(session.currency ?? ''),
    amountTotalMinor: session.amount_total ?? 0,
    paymentId: session.client_reference_id ?? null,
    metadata: { ...(session.metadata ?? {}) },
    createdAt: session.created,
    expiresAt: session.expires_at,
    // An id, or the PaymentIntent itself when a caller expanded it.
    paymentIntentId:
      typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
  };
}

/** Transient when a retry may succeed: no answer, Stripe's own failure, a rate limit or a concurrent request. */
function paymentsErrorOf(error: unknown): PaymentsError {
  if (error instanceof PaymentsError) return error;
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode;
    const isTransient =
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeRateLimitError ||
      status === undefined ||
      status === 409 ||
      status === 429 ||
      status >= 500;
    // `type` is the SDK's class name; Stripe's own error type is `rawType`.
    const code = error.code ?? error.rawType ?? error.type;
    // The SDK's message for a wrong key repeats the key's end; ours keeps only the status and code.
    const message =
      error instanceof Stripe.errors.StripeAuthenticationError
        ? `Stripe refused the API key (HTTP 401${error.code ? `, ${error.code}` : ''})`
        : `Stripe ${status ?? 'unreachable'}: ${error.message}`;
    return new PaymentsError(message, isTransient, code);
  }
  return new PaymentsError(`Stripe unreachable: ${(error as Error).message}`, true);
}

async function mapErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw paymentsErrorOf(error);
  }
}

/** Stripe Checkout, invoices and Connect through the official SDK, against Stripe or (with `apiUrl`) our simulator. */
export function createStripePaymentsProvider(config: StripePaymentsConfig): PaymentsProvider {
  const stripe = new Stripe(config.secretKey, {
    ...addressOf(config.apiUrl),
    timeout: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxNetworkRetries: MAX_NETWORK_RETRIES,
    telemetry: false,
    appInfo: { name: 'Signlink' },
  });

  return {
    createCheckoutSession: (input) =>
      mapErrors(async () => {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: input.lines.map((line) => ({
              quantity: line.quantity,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: line.unitAmountMinor,
                product_data: { name: line.name },
                tax_behavior: line.taxBehavior ?? 'exclusive',
              },
            })),
            client_reference_id: input.paymentId,
            ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
            metadata: input.metadata,
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          // On a connected account (Sign & Pay) the owner is paid directly: a direct charge of theirs.
          { ...onAccount(input.connectedAccountId), idempotencyKey: input.idempotencyKey },
        );
        return sessionOf(session);
      }),

    retrieveCheckoutSession: (sessionId, options) =>
      mapErrors(async () =>
        sessionOf(await stripe.checkout.sessions.retrieve(sessionId, {}, onAccount(options?.connectedAccountId))),
      ),

    expireCheckoutSession: (sessionId, options) =>
      mapErrors(async () =>
        sessionOf(await stripe.checkout.sessions.expire(sessionId, {}, onAccount(options?.connectedAccountId))),
      ),

    createConnectedAccount: (input) => mapErrors(() => createConnectedAccount(stripe, input)),

    retrieveConnectedAccount: (connectedAccountId) =>
      mapErrors(() => retrieveConnectedAccount(stripe, connectedAccountId)),

    createOnboardingLink: (input) => mapErrors(() => createOnboardingLink(stripe, input)),

    createRefund: (input) => mapErrors(() => createRefund(stripe, input)),

    createInvoice: (input) => mapErrors(() => createStripeInvoice(stripe, input)),

    retrieveInvoice: (invoiceId) => mapErrors(async () => invoiceOf(await stripe.invoices.retrieve(invoiceId))),

    parseWebhook({ rawBody, signatureHeader }) {
      if (!signatureHeader) throw new PaymentWebhookSignatureError('No Stripe-Signature header');
      const secrets = [config.webhookSecret, ...(config.connectWebhookSecret ? [config.connectWebhookSecret] : [])];
      let failure: Error | undefined;
      for (const secret of secrets) {
        try {
          // Checks the HMAC over the exact bytes and refuses a timestamp older than the SDK's tolerance (300 s).
          return eventOf(stripe.webhooks.constructEvent(rawBody, signatureHeader, secret));
        } catch (error) {
          if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
          failure ??= error;
        }
      }
      throw new PaymentWebhookSignatureError(failure?.message ?? 'No webhook secret');
    },
  };
}

function eventOf(event: Stripe.Event): PaymentEvent {
  const type = EVENT_TYPES.has(event.type as PaymentEventType) ? (event.type as PaymentEventType) : 'other';
  const object = event.data.object as { object?: string };
  const session = object.object === 'checkout.session' ? sessionOf(object as Stripe.Checkout.Session) : null;
  const invoice = object.object === 'invoice' ? invoiceOf(object as Stripe.Invoice) : null;
  const account = object.object === 'account' ? connectedAccountOf(object as Stripe.Account) : null;
  return {
    id: event.id,
    type,
    rawType: event.type,
    createdAt: event.created,
    session,
    invoice,
    account,
    connectedAccountId: event.account ?? null,
  };
}
