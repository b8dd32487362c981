import { type PaymentCurrency, PaymentsError } from './payments.port.ts';

/** Reading Stripe's answers, sessions and invoices alike: what we do not expect is refused, never guessed. */
export function currencyOf(currency: string): PaymentCurrency {
  const upper = currency.toUpperCase();
  if (upper !== 'SEK' && upper !== 'EUR') throw new PaymentsError(`Unexpected currency ${currency}`, false);
  return upper;
}

/** Stripe may add values to its enums; one we do not know is refused rather than guessed. */
export function oneOf<T extends string>(value: string | null, allowed: readonly T[], field: string): T {
  if (allowed.includes(value as T)) return value as T;
  throw new PaymentsError(`Unexpected ${field} ${value}`, false);
}
