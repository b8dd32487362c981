import type { Currency } from '../constants.ts';
import type { AddOnId } from './add-ons.ts';

/**
 * Our price list (spec/DECISIONS.md "prices"), in minor units per currency, VAT excluded. SPEC section 9:
 * SMS and WhatsApp messages carry a transaction fee, reminders included. The billing issue adds
 * signatures, add-ons and plans here.
 */
export const textMessageFees: Record<'sms' | 'whatsapp', Record<Currency, number>> = {
  sms: { SEK: 95, EUR: 9 },
  whatsapp: { SEK: 65, EUR: 6 },
};

/**
 * What one signature costs per signature type (SPEC section 3 Party; DECISIONS "prices"), VAT excluded. Sending a
 * document reserves one per party from the balance; withdrawal returns an unsigned party's.
 */
export const signatureFees: Record<
  'bankid' | 'e-signature' | 'id-e-signature' | 'live-id',
  Record<Currency, number>
> = {
  bankid: { SEK: 15_00, EUR: 1_50 },
  'e-signature': { SEK: 5_00, EUR: 50 },
  'id-e-signature': { SEK: 25_00, EUR: 2_50 },
  'live-id': { SEK: 35_00, EUR: 3_50 },
};

/**
 * The top-up products of `GET linktinker/app/balance/payments/products` (DECISIONS "prices"): balance credited,
 * VAT excluded, in the account's currency. The ids are the same in both currencies, so a product id never names a
 * currency the account does not have; a custom amount is also allowed within `money.topUp`.
 */
export const topUpProductIds = ['top-up-1', 'top-up-2', 'top-up-3', 'top-up-4', 'top-up-5'] as const;
export type TopUpProductId = (typeof topUpProductIds)[number];

export const topUpProducts: Record<TopUpProductId, Record<Currency, number>> = {
  'top-up-1': { SEK: 100_00, EUR: 10_00 },
  'top-up-2': { SEK: 250_00, EUR: 25_00 },
  'top-up-3': { SEK: 500_00, EUR: 50_00 },
  'top-up-4': { SEK: 1_000_00, EUR: 100_00 },
  'top-up-5': { SEK: 2_500_00, EUR: 250_00 },
};

/**
 * SPEC sections 3 and 9, price plans: yearly, prepaid excluding VAT, with a number of signatures per plan year that
 * lapse at the year's end; renewed automatically unless cancelled at least `planCancelNoticeDays` before the end.
 * Only company accounts may hold one (SPEC section 5). Sharing within an account needs MEDIUM or LARGE.
 */
export const pricePlanIds = ['SMALL', 'MEDIUM', 'LARGE'] as const;
export type PricePlanId = (typeof pricePlanIds)[number];

export const pricePlans: Record<PricePlanId, { yearlyFee: Record<Currency, number>; signaturesPerYear: number }> = {
  SMALL: { yearlyFee: { SEK: 2_990_00, EUR: 299_00 }, signaturesPerYear: 100 },
  MEDIUM: { yearlyFee: { SEK: 6_990_00, EUR: 699_00 }, signaturesPerYear: 300 },
  LARGE: { yearlyFee: { SEK: 14_990_00, EUR: 1_499_00 }, signaturesPerYear: 1_000 },
};

/** Plans that allow documents to be shared within the account (SPEC section 5). */
export const sharingPricePlans: readonly PricePlanId[] = ['MEDIUM', 'LARGE'];

/** A plan is ordered for one to this many years at a time (SPEC section 3, Price plan "years"). */
export const maxPlanYears = 3;

/** SPEC section 9: a cancellation must come at least this many days before the period ends. */
export const planCancelNoticeDays = 30;

/** DECISIONS "prices", add-ons: a yearly fee per add-on, VAT excluded, bought for one year from activation. */
export const addOnYearlyFees: Record<AddOnId, Record<Currency, number>> = {
  'sms-invitation': { SEK: 490_00, EUR: 49_00 },
  'whatsapp-invitation': { SEK: 490_00, EUR: 49_00 },
  'mobile-verification': { SEK: 290_00, EUR: 29_00 },
  'email-verification': { SEK: 190_00, EUR: 19_00 },
  templates: { SEK: 990_00, EUR: 99_00 },
  'account-document-sharing': { SEK: 990_00, EUR: 99_00 },
  'smart-fields': { SEK: 690_00, EUR: 69_00 },
};

/** SPEC section 9, invoice terms: payable within this many days, late interest at this yearly rate. */
export const invoiceTerms = { netDays: 10, lateInterestPercent: 8 } as const;
