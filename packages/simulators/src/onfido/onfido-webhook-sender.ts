import { createHmac } from 'node:crypto';

/** Onfido's `X-SHA2-Signature`: hex HMAC-SHA256 of the raw body under the webhook's token. */
export function signOnfidoBody(body: string, webhookToken: string): string {
  return createHmac('sha256', webhookToken).update(body).digest('hex');
}

const DELIVERY_TIMEOUT_MS = 10_000;
const RETRY_DELAYS_MS = [500, 2000, 5000];

/**
 * Posts events as Onfido does, retrying a few times while the receiver is down or answers other than 2xx (Onfido
 * retries for longer). A delivery never throws: a webhook that cannot be delivered must not take the process down.
 */
export class OnfidoWebhookSender {
  readonly #webhookToken: string;
  readonly #webhookUrl: () => string;
  readonly #retryDelaysMs: number[];
  #closed = false;
  #inFlight = new Set<Promise<void>>();
  #timers = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();

  constructor(options: { webhookToken: string; webhookUrl: () => string; retryDelaysMs?: number[] }) {
    this.#webhookToken = options.webhookToken;
    this.#webhookUrl = options.webhookUrl;
    this.#retryDelaysMs = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  }

  deliver(event: unknown): Promise<void> {
    const body = JSON.stringify(event);
    const work = (async () => {
      for (let attempt = 0; attempt <= this.#retryDelaysMs.length; attempt++) {
        if (attempt > 0) await this.#pause(this.#retryDelaysMs[attempt - 1] ?? 0);
        if (this.#closed) return;
        if (await this.#post(body)) return;
      }
    })();
    this.#inFlight.add(work);
    void work.finally(() => this.#inFlight.delete(work));
    return work;
  }

  /** Waits for deliveries in flight, retries included. */
  async idle(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  /** Stops retrying; deliveries in flight end at their next step. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const entry of this.#timers) {
      clearTimeout(entry.timer);
      entry.wake();
    }
    this.#timers.clear();
    await this.idle();
  }

  async #post(body: string): Promise<boolean> {
    try {
      const response = await fetch(this.#webhookUrl(), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-sha2-signature': signOnfidoBody(body, this.#webhookToken),
          'user-agent': 'Onfido-Simulator',
        },
        body,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      return response.ok;
    } catch {
      return false;
    }
  }

  #pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          this.#timers.delete(entry);
          resolve();
        }, ms),
        wake: resolve,
      };
      this.#timers.add(entry);
    });
  }
}
