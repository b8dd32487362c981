import type { TransactionFeesResponse } from '@signlink/contracts/billing/transaction-fees';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../http/actor.ts';
import { authorize } from '../document-core/account.policy.ts';
import { readBalance } from './balance-ledger.ts';
import { listTransactionFees } from './transaction-fees.repository.ts';

/** Ours: a screenful of the newest fees; older ones stay in the ledger's history. */
const shownFees = 500;

/** `GET linktinker/app/transactionfees`: seen by those who spend the balance, as receipts are. */
export async function listAccountTransactionFees(db: Database, actor: Actor): Promise<TransactionFeesResponse> {
  authorize(actor, 'balance.fund');
  const [rows, balance] = await Promise.all([
    listTransactionFees(db, actor.accountId, shownFees),
    readBalance(db, actor.accountId),
  ]);
  return {
    Fees: rows.map((row) => ({
      Id: row.id,
      At: row.createdAt.toISOString(),
      Kind: row.kind,
      Amount: row.amountMinor,
      Currency: row.currency,
      DocumentId: row.documentId,
      DocumentTitle: row.documentTitle,
    })),
    Total: rows.reduce((sum, row) => sum + row.amountMinor, 0),
    Currency: balance.currency,
  };
}
