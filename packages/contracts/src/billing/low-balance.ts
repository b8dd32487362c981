import { type Currency, money } from '../constants.ts';
import type { LowBalanceLevel } from './balance.ts';

/** SPEC section 9: -1 below the low mark, 0 up to and including the fine mark, 1 above it. */
export function lowBalanceLevel(totalMinor: number, currency: Currency): LowBalanceLevel {
  const { low, fine } = money.lowBalance[currency];
  if (totalMinor < low) return -1;
  if (totalMinor <= fine) return 0;
  return 1;
}
