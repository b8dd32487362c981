import { randomBytes } from 'node:crypto';

/** A Checkout Session as the simulator keeps it; `presentSession` gives Stripe's JSON for it. */
export interface SimCheckoutLine {
  name: string;
  unitAmount: number;
  quantity: number;
  taxBehavior: 'inclusive' | 'exclusive' | 'unspecified';
}

export interface SimCheckoutSession {
  id: string;
  /** Lower-case ISO code, as Stripe writes it. */
  currency: string;
  lines: SimCheckoutLine[];
  amountTotal: number;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  clientReferenceId: string | null;
  customerEmail: string | null;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string | null;
  /** The hosted page, e.g. `http://localhost:3000/sim/stripe/checkout/cs_test_…`. */
  pageUrl: string;
  created: number;
  expiresAt: number;
  /** An async method (bank debit) submitted and awaiting settlement: complete, unpaid, until `settle`. */
  isAwaitingSettlement: boolean;
  /** The last card decline shown on the page, until the next attempt. */
  declineMessage: string | null;
  /**
   * Stripe Connect: the connected account (`acct_…`) the session was made on with the `Stripe-Account` header; only
   * requests naming that account find it. Null (or absent, in a store written before) on our own account.
   */
  connectedAccount?: string | null;
  /** The PaymentIntent (`pi_…`), made once the buyer pays or submits a bank debit; what a refund names. */
  paymentIntent?: string | null;
}

/** Stripe's default lifetime of a Checkout Session. */
export const SESSION_LIFETIME_SECONDS = 24 * 60 * 60;
export const STRIPE_API_VERSION = '2026-10-28.endive';

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(24).toString('base64url').replace(/[-_]/g, '').slice(0, 24)}`;
}

export function presentSession(session: SimCheckoutSession) {
  return {
    id: session.id,
    object: 'checkout.session',
    amount_subtotal: session.amountTotal,
    amount_total: session.amountTotal,
    cancel_url: session.cancelUrl,
    client_reference_id: session.clientReferenceId,
    created: session.created,
    currency: session.currency,
    customer_details: session.customerEmail ? { email: session.customerEmail } : null,
    customer_email: session.customerEmail,
    expires_at: session.expiresAt,
    livemode: false,
    metadata: session.metadata,
    mode: 'payment',
    payment_intent: session.paymentIntent ?? null,
    payment_status: session.paymentStatus,
    status: session.status,
    success_url: session.successUrl,
    // Stripe gives the hosted page's address only while the session can still be paid.
    url: session.status === 'open' ? session.pageUrl : null,
  };
}

export type StripeErrorType = 'invalid_request_error' | 'card_error' | 'api_error' | 'idempotency_error';

/** Stripe's error body; `param` names the offending parameter in bracket notation. */
export function stripeErrorBody(type: StripeErrorType, message: string, extra: { code?: string; param?: string } = {}) {
  return { error: { type, message, ...extra } };
}
