import { z } from 'zod';
import { currencies } from '../constants.ts';
import { topUpProductIds } from './price-list.ts';

/**
 * Topping up the balance by card (SPEC sections 5 and 9; DECISIONS "top-up"): a product of the price list or a
 * custom amount within the limits, VAT on top for Swedish customers, paid through Stripe Checkout. Amounts are minor
 * units of the account's one currency and come from the server's price list, never from the client's total.
 */
export const ZTopUpProduct = z
  .object({
    ProductId: z.enum(topUpProductIds),
    /** Credited to the balance: the amount excluding VAT. */
    Amount: z.number().int().positive(),
    Vat: z.number().int().nonnegative(),
    /** What the card is charged: `Amount` plus `Vat`. */
    Total: z.number().int().positive(),
    Currency: z.enum(currencies),
  })
  .meta({ id: 'TopUpProduct' });
export type TopUpProduct = z.infer<typeof ZTopUpProduct>;

/** `GET linktinker/app/balance/payments/products`. */
export const ZTopUpProductsResponse = z.object({
  Currency: z.enum(currencies),
  Products: z.array(ZTopUpProduct),
  /** A custom amount (excluding VAT) must be within these, inclusive. */
  CustomAmountMin: z.number().int().positive(),
  CustomAmountMax: z.number().int().positive(),
  /** 25 for Swedish customers, 0 otherwise. */
  VatPercent: z.number().int().nonnegative(),
});
export type TopUpProductsResponse = z.infer<typeof ZTopUpProductsResponse>;

/** `POST linktinker/app/balance/payments`: a product, or a custom amount excluding VAT (minor units). */
export const ZStartTopUpRequest = z.union([
  z.object({ ProductId: z.enum(topUpProductIds) }).strict(),
  z.object({ Amount: z.number().int().positive() }).strict(),
]);
export type StartTopUpRequest = z.infer<typeof ZStartTopUpRequest>;

export const ZStartTopUpResponse = z.object({
  PaymentId: z.string(),
  /** Stripe's Checkout Session id, which the return pages carry and poll `sessions/{id}` with. */
  SessionId: z.string(),
  /** The hosted checkout page to send the buyer to. */
  Url: z.string(),
});
export type StartTopUpResponse = z.infer<typeof ZStartTopUpResponse>;

/** What a card payment buys: balance, a price plan's period, or an add-on's year. */
export const paymentKinds = ['top-up', 'price-plan', 'add-on'] as const;
export type PaymentKind = (typeof paymentKinds)[number];

export const paymentStatuses = ['pending', 'paid', 'failed', 'cancelled', 'expired'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const ZPaymentSessionParams = z.object({ id: z.string().min(1).max(255) });
export type PaymentSessionParams = z.infer<typeof ZPaymentSessionParams>;

/** `GET linktinker/app/sessions/{id}`: what the return pages poll until the payment is no longer pending. */
export const ZPaymentSession = z
  .object({
    Status: z.enum(paymentStatuses),
    /** What it buys: balance, a price plan's period or an add-on's year. */
    Kind: z.enum(paymentKinds),
    /** The plan (`SMALL`…) or add-on id bought; absent for a top-up. */
    ProductId: z.string().optional(),
    /** Excluding VAT: credited to the balance for a top-up, the price of a plan or add-on. */
    Amount: z.number().int().positive(),
    Vat: z.number().int().nonnegative(),
    Total: z.number().int().positive(),
    Currency: z.enum(currencies),
    /** Once paid: the receipt, at `receipts/{id}`. */
    ReceiptId: z.string().optional(),
    /** The account's balance now (minor units). */
    TotalBalance: z.number().int().nonnegative(),
  })
  .meta({ id: 'PaymentSession' });
export type PaymentSession = z.infer<typeof ZPaymentSession>;
