import type { Currency } from '../constants.ts';
import type { LowBalanceLevel } from './balance.ts';

/**
 * SPEC section 9's low-balance thresholds, in minor units. The SPEC writes EUR in cent ("below 200 cent") and the
 * other currency in whole units ("below 25"): 25 and 50 kronor, which sit beside 2 and 4 euro as the EUR ones do.
 */
export const lowBalanceThresholds: Record<Currency, { low: number; gettingLow: number }> = {
  EUR: { low: 200, gettingLow: 400 },
  SEK: { low: 25_00, gettingLow: 50_00 },
};

/** SPEC section 9: -1 below the low threshold, 0 up to and including the getting-low one, 1 above it. */
export function lowBalanceLevel(minor: number, currency: Currency): LowBalanceLevel {
  const { low, gettingLow } = lowBalanceThresholds[currency];
  if (minor < low) return -1;
  if (minor <= gettingLow) return 0;
  return 1;
}
