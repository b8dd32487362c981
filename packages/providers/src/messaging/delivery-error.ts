/**
 * A provider refused or could not take a message. `permanent` says whether trying again can help: an
 * SMTP 5xx reply or Twilio's "invalid To number" cannot; a refused connection, an SMTP 4xx, HTTP 429
 * or 5xx can. The delivery job retries the second kind with backoff and marks the first failed at once.
 */
export class DeliveryError extends Error {
  readonly permanent: boolean;
  /** Shown to the sender and stored with the message: the provider's own words where it gave any. */
  readonly reason: string;
  /** The provider's code (SMTP reply code, Twilio error code, errno) when there is one. */
  readonly providerCode?: string;

  constructor(input: { permanent: boolean; reason: string; providerCode?: string; cause?: unknown }) {
    super(input.reason, { cause: input.cause });
    this.name = 'DeliveryError';
    this.permanent = input.permanent;
    this.reason = input.reason;
    if (input.providerCode !== undefined) this.providerCode = input.providerCode;
  }
}
