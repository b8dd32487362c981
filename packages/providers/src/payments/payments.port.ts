/**
 * Card payments (issue 23; later Sign & Pay): Stripe Checkout Sessions and Stripe's signed webhooks, behind one
 * port. The adapter is the official `stripe` SDK; in tests and `npm start` it talks to our Stripe simulator.
 * Amounts are integer minor units of one currency; our price list sets them, never the client.
 */
export type PaymentCurrency = 'SEK' | 'EUR';

export interface CheckoutLine {
  /** What the buyer sees on the checkout page and the receipt ("Top-up SEK 500", "Plan MEDIUM, 1 year"). */
  name: string;
  /** Per unit, VAT excluded or included as `taxBehavior` says. */
  unitAmountMinor: number;
  quantity: number;
  /** Stripe's `tax_behavior`: our VAT lines are computed by us and sent as their own line, so usually exclusive. */
  taxBehavior?: 'inclusive' | 'exclusive';
}

export interface CreateCheckoutSessionInput {
  currency: PaymentCurrency;
  lines: CheckoutLine[];
  /** Our payment's id: Stripe's `client_reference_id`, and how a webhook finds our row. */
  paymentId: string;
  /** Shown on the checkout page and put on Stripe's receipt. */
  customerEmail?: string;
  /** Where the checkout page sends the buyer; `{CHECKOUT_SESSION_ID}` is replaced by Stripe. */
  successUrl: string;
  cancelUrl: string;
  /** Kept on the session and echoed in its webhooks (Stripe metadata: string values only). */
  metadata: Record<string, string>;
  /** Stripe's `Idempotency-Key`: a retried create returns the same session rather than a second one. */
  idempotencyKey: string;
}

/** Stripe's session `status` and `payment_status`, as Stripe names them. */
export type CheckoutSessionStatus = 'open' | 'complete' | 'expired';
export type CheckoutPaymentStatus = 'paid' | 'unpaid' | 'no_payment_required';

export interface CheckoutSession {
  id: string;
  /** The hosted checkout page; null once the session is complete or expired. */
  url: string | null;
  status: CheckoutSessionStatus;
  paymentStatus: CheckoutPaymentStatus;
  currency: PaymentCurrency;
  amountTotalMinor: number;
  /** Our payment id (`client_reference_id`). */
  paymentId: string | null;
  metadata: Record<string, string>;
  /** Seconds since the epoch, as Stripe gives them. */
  createdAt: number;
  expiresAt: number;
}

/** The Stripe events we act on; any other type arrives as `other` and is acknowledged without effect. */
export type PaymentEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired'
  | 'other';

export interface PaymentEvent {
  /** Stripe's event id (`evt_…`): a replay carries the same id, so we apply each event once. */
  id: string;
  type: PaymentEventType;
  /** Stripe's own type string, kept for the log when `type` is `other`. */
  rawType: string;
  /** Seconds since the epoch: events may arrive out of order, the session's own state decides. */
  createdAt: number;
  /** The session as the event saw it, for the checkout.session.* events. */
  session: CheckoutSession | null;
}

export interface PaymentsProvider {
  createCheckoutSession(input: CreateCheckoutSessionInput): Promise<CheckoutSession>;
  /** The session as Stripe knows it now: what a return page and the reconciliation job trust over any webhook. */
  retrieveCheckoutSession(sessionId: string): Promise<CheckoutSession>;
  /** Ends an open session (Stripe's expire call); an already complete session throws `PaymentsError`. */
  expireCheckoutSession(sessionId: string): Promise<CheckoutSession>;
  /**
   * A webhook's body checked against its `Stripe-Signature` header with the SDK's `constructEvent` (the raw bytes,
   * before any JSON parsing); a forged, altered or stale one throws `PaymentWebhookSignatureError`.
   */
  parseWebhook(input: { rawBody: Buffer; signatureHeader: string | undefined }): PaymentEvent;
}

/** Stripe refused or could not be reached; `isTransient` says whether a retry may succeed. */
export class PaymentsError extends Error {
  constructor(
    message: string,
    readonly isTransient: boolean,
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'PaymentsError';
  }
}

export class PaymentWebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentWebhookSignatureError';
  }
}
