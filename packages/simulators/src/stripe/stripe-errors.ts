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
