import { money } from '../constants.ts';

/**
 * Who pays Swedish VAT on what we sell (SPEC section 9: "Swedish VAT 25%"; DECISIONS "prices": VAT 25% on top for
 * Swedish customers). The rule: an account is a Swedish customer when its country is SE or it has a Swedish
 * organisation number (10 digits, only Swedish companies and associations carry one). Everyone else pays no Swedish
 * VAT here: a foreign company accounts for it itself (EU reverse charge), which its VAT number proves at sign-up
 * (SPEC section 5: foreign companies need a VAT number).
 */
export function isSwedishCustomer(account: { countryCode: string | null; orgNumber: string | null }): boolean {
  return account.countryCode?.toUpperCase() === 'SE' || /^\d{10}$/.test(account.orgNumber ?? '');
}

/** The VAT percent on our prices for this account: 25 or 0. */
export function vatPercentFor(account: { countryCode: string | null; orgNumber: string | null }): number {
  return isSwedishCustomer(account) ? money.swedishVatPercent : 0;
}

/** VAT on an amount excluding VAT, in minor units, rounded half up to the öre or cent. */
export function vatOf(amountMinor: number, vatPercent: number): number {
  return Math.round((amountMinor * vatPercent) / 100);
}
