import type { AuthState } from '@signlink/contracts/auth/auth-state';
import type { LowBalanceLevel } from '@signlink/contracts/billing/balance';
import { lowBalanceLevel } from '@signlink/contracts/billing/low-balance';
import type { Currency } from '@signlink/contracts/constants';

export interface AccountBalance {
  minor: number;
  currency: Currency;
  level: LowBalanceLevel;
}

/**
 * The current account's total balance from the auth state (SPEC section 3): an account has one currency, its SEK
 * fields in öre and its EUR fields in cent, the other pair staying 0.
 */
export function accountBalanceOf(auth: AuthState): AccountBalance {
  const currency = auth.user.Currency;
  const minor = currency === 'EUR' ? auth.balances.TotalBalanceEurCent : auth.balances.TotalBalance;
  return { minor, currency, level: lowBalanceLevel(minor, currency) };
}
