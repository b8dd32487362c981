import type { Currency } from '../constants.ts';

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
