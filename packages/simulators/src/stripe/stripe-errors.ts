import { type StripeErrorType, stripeErrorBody } from './stripe-checkout-session.ts';

/** A refusal the simulator answers in Stripe's error shape, from the API and from the test controls alike. */
export class SimStripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: StripeErrorType,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
    this.name = 'SimStripeError';
  }

  toJSON() {
    return stripeErrorBody(this.type, this.message, {
      ...(this.code ? { code: this.code } : {}),
      ...(this.param ? { param: this.param } : {}),
    });
  }
}

export function noSuchSession(id: string, param = 'session'): SimStripeError {
  return new SimStripeError(
    404,
    'invalid_request_error',
    `No such checkout.session: '${id}'`,
    'resource_missing',
    param,
  );
}

/** A key reused with other parameters (or on another endpoint): Stripe's refusal, word for word. */
export function idempotencyMismatch(key: string): SimStripeError {
  return new SimStripeError(
    400,
    'idempotency_error',
    `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
  );
}
