import {
  nowSeconds,
  presentSession,
  type SimCheckoutSession,
  STRIPE_API_VERSION,
  stripeId,
} from './stripe-checkout-session.ts';
import { presentAccount, type SimAccount } from './stripe-connect-account.ts';
import { StripeConnectBook } from './stripe-connect-book.ts';
import { noSuchSession, SimStripeError } from './stripe-errors.ts';
import { presentInvoice, type SimInvoice } from './stripe-invoice.ts';
import { StripeInvoiceBook, type StripeInvoiceEventType } from './stripe-invoice-book.ts';
import { createMemoryStripeSessionStore, type StripeSessionStore } from './stripe-session-store.ts';
import { type StripeDeliveryRecord, StripeWebhookSender } from './stripe-webhook-sender.ts';

export type StripeEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired'
  | 'account.updated'
  | StripeInvoiceEventType;

type SimObject = SimCheckoutSession | SimInvoice | SimAccount;

/** A Stripe event as it goes out: `data.object` is the session, invoice or account as it was when it happened. */
export interface StripeEvent {
  id: string;
  object: 'event';
  /** Stripe Connect: the connected account the event happened on; absent for our own account's events. */
  account?: string;
  api_version: string;
  created: number;
  data: {
    object: ReturnType<typeof presentSession> | ReturnType<typeof presentInvoice> | ReturnType<typeof presentAccount>;
  };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: StripeEventType;
}

/** How `deliverForged` spoils an event: signed with another secret, body changed after signing, or signed too long ago. */
export type StripeForgery = 'wrong-secret' | 'altered-body' | 'stale-timestamp';

export interface StripeSimulatorControlsOptions {
  /** The signing secret of the webhook endpoint (`whsec_…`), shared with the receiver. */
  webhookSecret: string;
  /**
   * Stripe signs connected accounts' events for a Connect endpoint with that endpoint's own secret; here they go to
   * the same address, signed with this one when given (else with `webhookSecret`).
   */
  connectWebhookSecret?: string;
  /** Where events are posted; a function when the address is known only once the server listens. Unset: not sent. */
  webhookUrl?: string | (() => string | undefined);
  /** Pauses before each retry of a refused delivery; Stripe's are hours apart, tests want milliseconds. */
  retryDelaysMs?: number[];
  /** In memory unless given a store that outlives the process (createFolderStripeSessionStore). */
  store?: StripeSessionStore;
}

const DECLINE_MESSAGE = 'Your card was declined.';

const isInvoice = (object: SimObject): object is SimInvoice => object.id.startsWith('in_');
const isAccount = (object: SimObject): object is SimAccount => object.id.startsWith('acct_');

function presentObject(object: SimObject) {
  if (isInvoice(object)) return presentInvoice(object);
  return isAccount(object) ? presentAccount(object) : presentSession(object);
}

/** The connected account an event happened on: the account itself, or the one a session was made on. */
function accountOf(object: SimObject): string | null {
  if (isAccount(object)) return object.id;
  return isInvoice(object) ? null : (object.connectedAccount ?? null);
}

/**
 * The simulator's state and the tester's actions (the checkout page's buttons, the JSON controls, tests): sessions,
 * the events they caused, and the webhook deliveries. Sessions live in the store; events and deliveries in this
 * process, which sends them.
 */
export class StripeSimulatorControls {
  readonly store: StripeSessionStore;
  /** Every event emitted, oldest first, for replay. */
  readonly events: StripeEvent[] = [];
  readonly webhooks: StripeWebhookSender;
  /** Customers and invoices (a plan renewed by card is billed with a Stripe invoice). */
  readonly invoices: StripeInvoiceBook;
  /** Connected accounts, their onboarding links and refunds (Sign & Pay). */
  readonly connect: StripeConnectBook;
  #held: StripeEvent[] | undefined;
  #failures: SimStripeError[] = [];

  constructor(options: StripeSimulatorControlsOptions) {
    this.webhooks = new StripeWebhookSender(options);
    this.store = options.store ?? createMemoryStripeSessionStore();
    this.invoices = new StripeInvoiceBook(this.store, (type, invoice) => this.#emit(type, invoice));
    this.connect = new StripeConnectBook(this.store, (type, account) => this.#emit(type, account));
  }

  get deliveries(): readonly StripeDeliveryRecord[] {
    return this.webhooks.deliveries;
  }

  /** The session, expired first if its time is up (Stripe expires sessions on its own and says so). */
  findSession(id: string): SimCheckoutSession {
    const session = this.store.get(id);
    if (!session) throw noSuchSession(id);
    if (session.status === 'open' && session.expiresAt <= nowSeconds()) this.#expire(session);
    return session;
  }

  listSessions(): SimCheckoutSession[] {
    return this.store.list().map((session) => this.findSession(session.id));
  }

  /** Card payment accepted: complete and paid. */
  pay(id: string): SimCheckoutSession {
    const session = this.#open(id);
    Object.assign(session, { status: 'complete', paymentStatus: 'paid', declineMessage: null });
    session.paymentIntent ??= stripeId('pi');
    this.store.save(session);
    this.#emit('checkout.session.completed', session);
    return session;
  }

  /** Card declined: Stripe keeps the session open for another try and sends no session event. */
  decline(id: string): SimCheckoutSession {
    const session = this.#open(id);
    session.declineMessage = DECLINE_MESSAGE;
    this.store.save(session);
    return session;
  }

  /** An async method submitted (bank debit): complete, unpaid, until `settle`. */
  pend(id: string): SimCheckoutSession {
    const session = this.#open(id);
    Object.assign(session, { status: 'complete', paymentStatus: 'unpaid', isAwaitingSettlement: true });
    session.declineMessage = null;
    session.paymentIntent ??= stripeId('pi');
    this.store.save(session);
    this.#emit('checkout.session.completed', session);
    return session;
  }

  /** The async method's outcome: paid (`async_payment_succeeded`), or still unpaid (`async_payment_failed`). */
  settle(id: string, outcome: 'succeeded' | 'failed'): SimCheckoutSession {
    const session = this.findSession(id);
    if (!session.isAwaitingSettlement) {
      throw new SimStripeError(400, 'invalid_request_error', `Checkout session ${id} awaits no async payment.`);
    }
    session.isAwaitingSettlement = false;
    if (outcome === 'succeeded') session.paymentStatus = 'paid';
    this.store.save(session);
    this.#emit(`checkout.session.async_payment_${outcome}`, session);
    return session;
  }

  /** The buyer left through the cancel link: Stripe changes nothing, the session stays open until it expires. */
  cancel(id: string): SimCheckoutSession {
    return this.#open(id);
  }

  /** Stripe's expire call: only an open session can be expired. */
  expire(id: string): SimCheckoutSession {
    const session = this.findSession(id);
    if (session.status !== 'open') {
      throw new SimStripeError(
        400,
        'invalid_request_error',
        'Only Checkout Sessions with a status in ["open"] can be expired.',
        'checkout_session_not_open',
      );
    }
    this.#expire(session);
    return session;
  }

  /** The next `times` (default 1) API calls are answered with this error, e.g. a 500 or a 429. */
  failNext({ times = 1, status, message }: { times?: number; status: number; message?: string }): void {
    const type = status >= 500 ? 'api_error' : 'invalid_request_error';
    const code = status === 429 ? 'rate_limit' : undefined;
    for (let i = 0; i < times; i++) {
      this.#failures.push(new SimStripeError(status, type, message ?? 'Simulated failure', code));
    }
  }

  /** The failure the next API call must answer with, if one is queued. */
  takeFailure(): SimStripeError | undefined {
    return this.#failures.shift();
  }

  /** From now on events are kept back instead of sent, until `releaseEvents`. */
  holdEvents(): void {
    this.#held ??= [];
  }

  /** Sends the held events, oldest first, in reverse, or in the order of the given ids (others after, oldest first). */
  async releaseEvents(order: 'oldest-first' | 'reverse' | string[] = 'oldest-first'): Promise<StripeEvent[]> {
    const held = this.#held ?? [];
    this.#held = undefined;
    const ordered =
      order === 'reverse'
        ? [...held].reverse()
        : Array.isArray(order)
          ? [...order.map((id) => held.find((event) => event.id === id)), ...held.filter((e) => !order.includes(e.id))]
          : held;
    const events = ordered.filter((event): event is StripeEvent => event !== undefined);
    for (const event of events) await this.webhooks.deliver(event);
    return events;
  }

  /** Sends an event again, unchanged (same id and body, a fresh signature), as Stripe's retries and resends do. */
  async resend(eventId: string): Promise<StripeEvent> {
    const event = this.events.find((candidate) => candidate.id === eventId);
    if (!event)
      throw new SimStripeError(404, 'invalid_request_error', `No such event: '${eventId}'`, 'resource_missing');
    await this.webhooks.deliver(event);
    return event;
  }

  /**
   * Posts an event about a session (or an invoice) that fails the receiver's signature check in the chosen way;
   * never retried.
   */
  async deliverForged(
    input: ({ sessionId: string } | { invoiceId: string }) & { type: StripeEventType; forgery: StripeForgery },
  ) {
    const object =
      'invoiceId' in input ? this.invoices.findInvoice(input.invoiceId) : this.findSession(input.sessionId);
    const event = this.#event(input.type, object);
    return this.webhooks.deliverForged(event, input.forgery);
  }

  /** Waits for webhook deliveries in flight, retries included. */
  idle(): Promise<void> {
    return this.webhooks.idle();
  }

  /** Forgets sessions, events and deliveries; deliveries in flight stop retrying. */
  async reset(): Promise<void> {
    this.#held = undefined;
    this.#failures = [];
    this.store.clear();
    this.events.length = 0;
    await this.webhooks.reset();
  }

  #open(id: string): SimCheckoutSession {
    const session = this.findSession(id);
    if (session.status !== 'open') {
      throw new SimStripeError(400, 'invalid_request_error', `Checkout session ${id} is ${session.status}, not open.`);
    }
    return session;
  }

  #expire(session: SimCheckoutSession) {
    session.status = 'expired';
    this.store.save(session);
    this.#emit('checkout.session.expired', session);
  }

  #event(type: StripeEventType, object: SimObject): StripeEvent {
    const account = accountOf(object);
    return {
      id: stripeId('evt'),
      object: 'event',
      ...(account ? { account } : {}),
      api_version: STRIPE_API_VERSION,
      created: nowSeconds(),
      // A copy: the event shows the object as it was, whatever happens to it later.
      data: { object: structuredClone(presentObject(object)) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  #emit(type: StripeEventType, object: SimObject) {
    const event = this.#event(type, object);
    this.events.push(event);
    if (this.#held) this.#held.push(event);
    else void this.webhooks.deliver(event);
  }
}
