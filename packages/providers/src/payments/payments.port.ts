/**
 * Card payments (issue 23) and Sign & Pay on the document owner's own Stripe account (issue 25, Stripe Connect): Stripe Checkout Sessions and Stripe's signed webhooks, behind one
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
  /**
   * Sign & Pay (issue 25): the session is made on this connected account (Stripe's `Stripe-Account` header), so the
   * document owner is paid directly and Signlink never holds the money. Absent for our own sales.
   */
  connectedAccountId?: string;
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
  /** Stripe's PaymentIntent (`pi_…`) once the buyer paid or submitted: what a refund names. */
  paymentIntentId: string | null;
}

/**
 * A Stripe Connect account of a document owner who gets paid through Sign & Pay (issue 25, part 2): made by us
 * (`accounts.create`), completed by its owner on Stripe's onboarding page, able to take payments once
 * `chargesEnabled`.
 */
export interface ConnectedAccount {
  /** `acct_…`. */
  id: string;
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
  email: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string | null;
  /** Ours: `accountId` names the Signlink account it belongs to. */
  metadata: Record<string, string>;
}

export interface CreateConnectedAccountInput {
  /** Our account's id, kept in the connected account's metadata. */
  accountId: string;
  email?: string;
  /** ISO 3166-1 alpha-2 ("SE"). */
  country: string;
  idempotencyKey: string;
}

/** Stripe's Account Link of type `account_onboarding`: a one-time address of the onboarding page. */
export interface OnboardingLink {
  url: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export interface CreateRefundInput {
  paymentIntentId: string;
  /** The connected account the payment was made on. */
  connectedAccountId?: string;
  /** Kept on the refund (string values only). */
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface ProviderRefund {
  /** `re_…`. */
  id: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
  amountMinor: number;
  currency: PaymentCurrency;
  paymentIntentId: string;
}

/** The Stripe events we act on; any other type arrives as `other` and is acknowledged without effect. */
export type PaymentEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired'
  | 'invoice.paid'
  | 'invoice.payment_failed'
  | 'account.updated'
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
  /** The connected account as the event saw it, for `account.updated`. */
  account: ConnectedAccount | null;
  /**
   * Stripe Connect: the connected account the event happened on (Stripe's event `account`), e.g. a Sign & Pay
   * session's completion; null for events of our own account.
   */
  connectedAccountId: string | null;
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
  /**
   * The session as Stripe knows it now: what a return page and the reconciliation job trust over any webhook. A
   * Sign & Pay session lives on the owner's connected account, which must then be named.
   */
  retrieveCheckoutSession(sessionId: string, options?: { connectedAccountId?: string }): Promise<CheckoutSession>;
  /** Ends an open session (Stripe's expire call); an already complete session throws `PaymentsError`. */
  expireCheckoutSession(sessionId: string, options?: { connectedAccountId?: string }): Promise<CheckoutSession>;
  /** Stripe Connect (Sign & Pay): a connected account for one of our accounts (idempotent by its key). */
  createConnectedAccount(input: CreateConnectedAccountInput): Promise<ConnectedAccount>;
  retrieveConnectedAccount(connectedAccountId: string): Promise<ConnectedAccount>;
  /** The onboarding page's address; `refreshUrl` is where an expired link sends the owner to ask for a new one. */
  createOnboardingLink(input: {
    connectedAccountId: string;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<OnboardingLink>;
  /** Refunds a payment in full (a Sign & Pay payment that arrived after its document was withdrawn). */
  createRefund(input: CreateRefundInput): Promise<ProviderRefund>;
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
