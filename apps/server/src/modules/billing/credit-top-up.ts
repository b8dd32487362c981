import type { Currency } from '@signlink/contracts/constants';
import type { Transaction } from '../../db/database.ts';
import { creditPaid } from './balance-ledger.ts';

/**
 * A paid top-up's credit on the ledger: paid credit, which never expires (SPEC section 9: "the balance does not
 * expire"). The one place a top-up touches the ledger, called only in the transaction that moves its payment to paid
 * (apply-checkout-session.ts), which is what makes it happen once per payment.
 */
export async function creditTopUp(
  tx: Transaction,
  input: { accountId: string; paymentId: string; amountMinor: number; currency: Currency },
) {
  // The payment was made in the account's one currency; the ledger locks the account and writes in it.
  await creditPaid(tx, {
    accountId: input.accountId,
    kind: 'top-up',
    amountMinor: input.amountMinor,
    note: `payment ${input.paymentId}`,
  });
}
