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
  | 'invoice.paid'
  | 'invoice.payment_failed'
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
  /** The invoice as the event saw it, for the invoice.* events. */
  invoice: ProviderInvoice | null;
}

export interface InvoiceLine {
  /** What the invoice prints for the line ("Plan MEDIUM, 1 year", "VAT 25%"). */
  description: string;
  amountMinor: number;
}

/**
 * A Stripe invoice for a charge we priced (a plan renewed by card): sent to the customer's e-mail with Stripe's
 * hosted page to pay on (`collection_method: send_invoice`), finalized at once so it can be paid.
 */
export interface CreateInvoiceInput {
  currency: PaymentCurrency;
  lines: InvoiceLine[];
  /** Our payment's id: in the invoice's metadata, and how its webhooks find our row. */
  paymentId: string;
  /** Our account's id: the Stripe Customer carries it in its metadata, so one account reuses one Customer. */
  accountId: string;
  customerEmail: string;
  customerName?: string;
  daysUntilDue: number;
  /** Kept on the invoice and echoed in its webhooks (string values only); `paymentId` and `accountId` are added. */
  metadata: Record<string, string>;
  /**
   * The base of Stripe's `Idempotency-Key` for each call the invoice takes (customer, items, invoice, finalize): a
   * retried create, after a crash or a timeout, returns the same invoice rather than a second one.
   */
  idempotencyKey: string;
}

/** Stripe's invoice `status`, as Stripe names it. */
export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';

export interface ProviderInvoice {
  id: string;
  status: InvoiceStatus;
  currency: PaymentCurrency;
  totalMinor: number;
  amountPaidMinor: number;
  /** Our payment id (metadata `paymentId`). */
  paymentId: string | null;
  /** Stripe's page where the customer pays; null while a draft. */
  hostedInvoiceUrl: string | null;
  metadata: Record<string, string>;
  /** Seconds since the epoch, as Stripe gives them. */
  createdAt: number;
  dueDate: number | null;
}

export interface PaymentsProvider {
  createCheckoutSession(input: CreateCheckoutSessionInput): Promise<CheckoutSession>;
  /** The session as Stripe knows it now: what a return page and the reconciliation job trust over any webhook. */
  retrieveCheckoutSession(sessionId: string): Promise<CheckoutSession>;
  /** Ends an open session (Stripe's expire call); an already complete session throws `PaymentsError`. */
  expireCheckoutSession(sessionId: string): Promise<CheckoutSession>;
  /** Customer (found by our account id, or made), items, invoice, finalized: an open invoice the customer can pay. */
  createInvoice(input: CreateInvoiceInput): Promise<ProviderInvoice>;
  /** The invoice as Stripe knows it now: what reconciliation trusts over any webhook. */
  retrieveInvoice(invoiceId: string): Promise<ProviderInvoice>;
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
