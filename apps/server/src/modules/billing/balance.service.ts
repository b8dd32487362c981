import type { Balance, VoucherCreditsResponse } from '@signlink/contracts/billing/balance';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../http/actor.ts';
import { authorize } from '../document-core/account.policy.ts';
import { listVoucherCredits } from './balance.repository.ts';
import { readBalance } from './balance-ledger.ts';
import { isLapsed } from './ledger.ts';

/** `GET linktinker/app/balance`: every member of the account sees what it can spend (SPEC section 9's level). */
export async function findBalance(db: Database, actor: Actor, now = new Date()): Promise<Balance> {
  authorize(actor, 'account.view', { accountId: actor.accountId });
  const balance = await readBalance(db, actor.accountId, now);
  return {
    Currency: balance.currency,
    TotalBalance: balance.totalMinor,
    VoucherBalance: balance.voucherMinor,
    LowBalanceLevel: balance.level,
  };
}

/** `GET linktinker/app/balance/vouchers`: each credit with what is left; a lapsed one shows 0 left. */
export async function listAccountVoucherCredits(
  db: Database,
  actor: Actor,
  now = new Date(),
): Promise<VoucherCreditsResponse> {
  authorize(actor, 'account.view', { accountId: actor.accountId });
  const credits = await listVoucherCredits(db, actor.accountId);
  return {
    Vouchers: credits.map(({ credit, remainingMinor }) => {
      const isExpired = isLapsed({ voucherCreditId: credit.id, expiresAt: credit.expiresAt }, now);
      return {
        Id: credit.id,
        Source: credit.source,
        Name: credit.name,
        Value: credit.valueMinor,
        Remaining: isExpired ? 0 : Math.max(0, remainingMinor),
        Currency: credit.currency,
        ActivatedAt: credit.activatedAt.toISOString(),
        ExpiresAt: credit.expiresAt?.toISOString() ?? null,
        IsExpired: isExpired,
      };
    }),
  };
}
