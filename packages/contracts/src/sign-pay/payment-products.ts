import { z } from 'zod';
import { currencies, money } from '../constants.ts';

/**
 * Sign & Pay's payment products (SPEC section 3 "Payment link / product"; issue 25, part 1): what a paying party is
 * asked to pay, made by the sender in the editor's party card or in settings. The price is minor units of the
 * account's one currency; the server computes VAT and the total from it, never the client.
 */
export const paymentTaxCodes = ['se-vat-25', 'se-vat-12', 'se-vat-6', 'vat-exempt'] as const;
export type PaymentTaxCode = (typeof paymentTaxCodes)[number];

/** SPEC section 9: Swedish VAT 25 % is the standard rate; the reduced rates and exemption are Sweden's own. */
export const taxCodeVatPercent: Record<PaymentTaxCode, number> = {
  'se-vat-25': money.swedishVatPercent,
  'se-vat-12': 12,
  'se-vat-6': 6,
  'vat-exempt': 0,
};
export const defaultPaymentTaxCode: PaymentTaxCode = 'se-vat-25';

export const taxBehaviors = ['inclusive', 'exclusive'] as const;
export type TaxBehavior = (typeof taxBehaviors)[number];

/** Ours: a product's price is at least 1.00 and at most 1 000 000.00 of its currency (Stripe's own cap is higher). */
export const paymentProductPriceMin = 100;
export const paymentProductPriceMax = 100_000_000;
export const paymentProductNameMaxLength = 120;
export const paymentProductDescriptionMaxLength = 500;

export interface SignPayAmounts {
  /** Excluding VAT. */
  netMinor: number;
  vatMinor: number;
  /** What the payer is charged. */
  totalMinor: number;
}

/**
 * SPEC section 9 and issue 25, part 6: VAT included in an inclusive price (the total is the price) and added to an
 * exclusive one, rounded half up to the öre or cent.
 */
export function signPayAmounts(priceMinor: number, vatPercent: number, taxBehavior: TaxBehavior): SignPayAmounts {
  if (taxBehavior === 'exclusive') {
    const vatMinor = Math.round((priceMinor * vatPercent) / 100);
    return { netMinor: priceMinor, vatMinor, totalMinor: priceMinor + vatMinor };
  }
  const netMinor = Math.round((priceMinor * 100) / (100 + vatPercent));
  return { netMinor, vatMinor: priceMinor - netMinor, totalMinor: priceMinor };
}

export const ZPaymentProduct = z
  .object({
    /** SPEC `paymentLinkId`: what a party's `PaymentProductId` names. */
    Id: z.string(),
    Name: z.string(),
    Description: z.string(),
    TaxCode: z.enum(paymentTaxCodes),
    VatPercent: z.number().int().nonnegative(),
    TaxBehavior: z.enum(taxBehaviors),
    /** As entered: VAT included or excluded as `TaxBehavior` says. */
    Price: z.number().int().positive(),
    Net: z.number().int().nonnegative(),
    Vat: z.number().int().nonnegative(),
    Total: z.number().int().positive(),
    Currency: z.enum(currencies),
    /** A single-use product is asked for on one sent document only. */
    AllowMultipleUse: z.boolean(),
    /** Sent documents that ask for it. */
    UsedCount: z.number().int().nonnegative(),
    /** False for a single-use product already asked for: the editor no longer offers it. */
    Usable: z.boolean(),
    Created: z.string(),
  })
  .meta({ id: 'PaymentProduct' });
export type PaymentProduct = z.infer<typeof ZPaymentProduct>;

/** `GET linktinker/app/getpaid/paymentlinks`: the account's products, latest first. */
export const ZPaymentProductsResponse = z.object({
  PaymentLinks: z.array(ZPaymentProduct),
  Currency: z.enum(currencies),
  /** The caller may make products (those who make documents: administrators and regular users). */
  CanCreate: z.boolean(),
});
export type PaymentProductsResponse = z.infer<typeof ZPaymentProductsResponse>;

/** `POST linktinker/app/getpaid/paymentlinks`: the currency is the account's, never the client's. */
export const ZCreatePaymentProductRequest = z.object({
  Name: z.string().trim().min(1).max(paymentProductNameMaxLength),
  Description: z.string().trim().max(paymentProductDescriptionMaxLength).default(''),
  TaxCode: z.enum(paymentTaxCodes),
  Price: z.number().int().min(paymentProductPriceMin).max(paymentProductPriceMax),
  TaxBehavior: z.enum(taxBehaviors).default('inclusive'),
  AllowMultipleUse: z.boolean().default(true),
  /** Makes `TaxCode` the account's default, which `getpaid/defaulttaxcode` answers next time. */
  RememberTaxCode: z.boolean().default(false),
});
export type CreatePaymentProductRequest = z.input<typeof ZCreatePaymentProductRequest>;

export const ZPaymentProductIdParams = z.object({ id: z.string().min(1).max(64) });
export type PaymentProductIdParams = z.infer<typeof ZPaymentProductIdParams>;

/** `GET linktinker/app/getpaid/defaulttaxcode`: the remembered tax code, or the standard rate's. */
export const ZDefaultTaxCodeResponse = z.object({
  TaxCode: z.enum(paymentTaxCodes),
  TaxCodes: z.array(z.object({ Code: z.enum(paymentTaxCodes), VatPercent: z.number().int().nonnegative() })),
});
export type DefaultTaxCodeResponse = z.infer<typeof ZDefaultTaxCodeResponse>;
