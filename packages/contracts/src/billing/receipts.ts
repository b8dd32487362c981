import { z } from 'zod';
import { currencies } from '../constants.ts';

/**
 * A receipt per payment (SPEC section 3, Receipt): when, how, what was bought, the subtotal, the VAT (25% for
 * Swedish customers) and the amount charged. Numbers run in one sequence for all accounts and are never reused.
 */
export const ZReceipt = z
  .object({
    Id: z.string(),
    /** Printed on the receipt: one sequence for all accounts, never reused. */
    Number: z.number().int().positive(),
    /** ISO 8601, UTC: when the payment was made. */
    PaidAt: z.string(),
    Method: z.enum(['card']),
    Description: z.string(),
    /** Excluding VAT. */
    Subtotal: z.number().int().nonnegative(),
    VatPercent: z.number().int().nonnegative(),
    Vat: z.number().int().nonnegative(),
    /** What was charged: `Subtotal` plus `Vat`. */
    Amount: z.number().int().nonnegative(),
    Currency: z.enum(currencies),
    /** Plans and add-ons: the period paid for (SPEC section 3); null for a top-up. */
    PeriodStart: z.string().nullable(),
    PeriodEnd: z.string().nullable(),
  })
  .meta({ id: 'Receipt' });
export type Receipt = z.infer<typeof ZReceipt>;

/** `GET linktinker/app/receipts`: the account's receipts, newest first. */
export const ZReceiptsResponse = z.object({ Receipts: z.array(ZReceipt) });
export type ReceiptsResponse = z.infer<typeof ZReceiptsResponse>;

export const ZReceiptParams = z.object({ id: z.string().min(1).max(100) });
export type ReceiptParams = z.infer<typeof ZReceiptParams>;
