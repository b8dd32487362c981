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
