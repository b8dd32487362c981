import { nowSeconds } from './stripe-checkout-session.ts';
import type { StripeEvent, StripeForgery, StripeSimulatorControlsOptions } from './stripe-simulator-controls.ts';
import { signStripePayload } from './stripe-webhook-signature.ts';

/** One POST of an event to the webhook endpoint, with the receiver's answer (or why there was none). */
export interface StripeDeliveryRecord {
  eventId: string;
  type: string;
  url: string;
  /** 1 for the first try, 2 for the first retry, … */
  attempt: number;
  signatureHeader: string;
  forgery?: StripeForgery;
  responseStatus?: number;
  error?: string;
}

// Outside Stripe's default tolerance of 300 s, so `constructEvent` refuses it as too old.
const STALE_SECONDS = 600;
const DELIVERY_TIMEOUT_MS = 10_000;
const DEFAULT_RETRY_DELAYS_MS = [500, 2000, 5000];

/**
 * Posts events as Stripe does: the event JSON, `Stripe-Signature` over the exact bytes sent, and retries while the
 * receiver answers other than 2xx (Stripe retries for days with backoff; here a few short pauses, an option).
 */
export class StripeWebhookSender {
  readonly deliveries: StripeDeliveryRecord[] = [];
  readonly #options: StripeSimulatorControlsOptions;
  #urlOverride: string | undefined;
  #generation = 0;
  #inFlight = new Set<Promise<void>>();
  #firstAttempts = new Set<Promise<unknown>>();
  #timers = new Map<NodeJS.Timeout, () => void>();

  constructor(options: StripeSimulatorControlsOptions) {
    this.#options = options;
  }

  /** Posts to another endpoint from now on, e.g. a test server's on its random port; undefined goes back. */
  useUrl(url: string | undefined): void {
    this.#urlOverride = url;
  }

  get url(): string | undefined {
    if (this.#urlOverride) return this.#urlOverride;
    const { webhookUrl } = this.#options;
    return typeof webhookUrl === 'function' ? webhookUrl() : webhookUrl;
  }

  /** Resolves after the first attempt; retries of a refused one go on in the background (see `idle`). */
  deliver(event: StripeEvent): Promise<StripeDeliveryRecord | undefined> {
    const url = this.url;
    if (!url) return Promise.resolve(undefined);
    const payload = JSON.stringify(event, null, 2);
    const generation = this.#generation;
    let reportFirst: (record: StripeDeliveryRecord | undefined) => void = () => {};
    const first = new Promise<StripeDeliveryRecord | undefined>((resolve) => {
      reportFirst = resolve;
    });
    const delays = this.#options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    const work = (async () => {
      for (let attempt = 1; attempt <= delays.length + 1; attempt++) {
        if (attempt > 1) await this.#pause(delays[attempt - 2] ?? 0);
        if (generation !== this.#generation) return;
        const signatureHeader = signStripePayload({ payload, secret: this.#secretOf(event), timestamp: nowSeconds() });
        const record = await this.#post({ url, event, payload, signatureHeader, attempt });
        if (attempt === 1) reportFirst(record);
        if (record.responseStatus !== undefined && record.responseStatus < 300) return;
      }
    })();
    // Settles `first` even when a reset stopped the work before it posted.
    this.#track(work.finally(() => reportFirst(undefined)));
    this.#firstAttempts.add(first);
    void first.finally(() => this.#firstAttempts.delete(first));
    return first;
  }

  /** Waits until every delivery begun so far has made its first attempt (retries may follow). */
  async sent(): Promise<void> {
    while (this.#firstAttempts.size > 0) await Promise.allSettled([...this.#firstAttempts]);
  }

  /** One attempt, never retried: a receiver that refuses a forgery is right to. */
  deliverForged(event: StripeEvent, forgery: StripeForgery): Promise<StripeDeliveryRecord | undefined> {
    const url = this.url;
    if (!url) return Promise.resolve(undefined);
    const payload = JSON.stringify(event, null, 2);
    const secret = forgery === 'wrong-secret' ? `${this.#secretOf(event)}-not` : this.#secretOf(event);
    const timestamp = forgery === 'stale-timestamp' ? nowSeconds() - STALE_SECONDS : nowSeconds();
    const signatureHeader = signStripePayload({ payload, secret, timestamp });
    // Signed, then changed in transit: the amount a forger would most like to raise.
    const sent =
      forgery === 'altered-body' ? payload.replace(/"(amount_total|amount_paid)": \d+/, '"$1": 99999999') : payload;
    const work = this.#post({ url, event, payload: sent, signatureHeader, attempt: 1, forgery });
    this.#track(work.then(() => undefined));
    return work;
  }

  async idle(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  /** Stops retries (their pauses end at once), waits for posts in flight, forgets the deliveries. */
  async reset(): Promise<void> {
    this.#generation += 1;
    for (const [timer, wake] of this.#timers) {
      clearTimeout(timer);
      wake();
    }
    this.#timers.clear();
    await this.idle();
    this.deliveries.length = 0;
  }

  /** A connected account's event is signed for the Connect endpoint, when it has a secret of its own. */
  #secretOf(event: StripeEvent): string {
    return event.account
      ? (this.#options.connectWebhookSecret ?? this.#options.webhookSecret)
      : this.#options.webhookSecret;
  }

  #track(work: Promise<void>) {
    this.#inFlight.add(work);
    void work.finally(() => this.#inFlight.delete(work));
  }

  #pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        resolve();
      }, ms);
      this.#timers.set(timer, resolve);
    });
  }

  async #post(input: {
    url: string;
    event: StripeEvent;
    payload: string;
    signatureHeader: string;
    attempt: number;
    forgery?: StripeForgery;
  }): Promise<StripeDeliveryRecord> {
    const { url, event, payload, signatureHeader, attempt, forgery } = input;
    const record: StripeDeliveryRecord = {
      eventId: event.id,
      type: event.type,
      url,
      attempt,
      signatureHeader,
      ...(forgery ? { forgery } : {}),
    };
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signatureHeader,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      record.responseStatus = response.status;
    } catch (error) {
      record.error = (error as Error).message;
    }
    this.deliveries.push(record);
    return record;
  }
}
