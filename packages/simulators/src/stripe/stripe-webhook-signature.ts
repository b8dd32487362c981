import { createHmac } from 'node:crypto';

/**
 * Stripe's webhook signature, written here again because simulators do not import the providers they stand in for:
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" keyed with the endpoint's signing secret>`.
 */
export function signStripePayload({
  payload,
  secret,
  timestamp,
}: {
  payload: string;
  secret: string;
  timestamp: number;
}): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
