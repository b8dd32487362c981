import { z } from 'zod';
import { defineRoute } from '../http/route-contract.ts';
import {
  ZPaymentSession,
  ZPaymentSessionParams,
  ZStartTopUpRequest,
  ZStartTopUpResponse,
  ZTopUpProductsResponse,
} from './top-up.ts';

/**
 * SPEC section 7, Billing: topping up the balance by card through Stripe Checkout (SPEC section 9: top-ups are
 * non-refundable, and the balance does not expire).
 */
const tags = ['billing'];

export const listTopUpProductsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/balance/payments/products',
  tags,
  callers: ['session'],
  summary: "The top-up products in the account's currency, the custom-amount limits and the VAT added",
  responses: { 200: ZTopUpProductsResponse },
  errors: ['FORBIDDEN'],
});

export const startTopUpRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/balance/payments',
  tags,
  callers: ['session'],
  summary: 'Starts a top-up: a product or a custom amount, priced by the server, paid on the Checkout page returned',
  body: ZStartTopUpRequest,
  responses: { 201: ZStartTopUpResponse },
  errors: ['FORBIDDEN', 'TOP_UP_AMOUNT_OUT_OF_RANGE'],
});

export const findPaymentSessionRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/sessions/:id',
  tags,
  callers: ['session'],
  summary: "A payment's state as Stripe knows it now, applied as its webhook would be, with the balance after it",
  params: ZPaymentSessionParams,
  responses: { 200: ZPaymentSession },
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});

export const receiveStripeWebhookRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/payments/stripe/webhook',
  tags: ['webhooks'],
  // Stripe, its Stripe-Signature checked over the raw body before anything is read or recorded.
  callers: ['provider'],
  summary: "Stripe's events about Checkout Sessions; each event applied once, a payment only moved forward",
  headers: z.object({ 'stripe-signature': z.string().optional() }),
  responses: { 200: z.object({ received: z.literal(true) }) },
  errors: ['WEBHOOK_SIGNATURE_INVALID'],
});
