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
