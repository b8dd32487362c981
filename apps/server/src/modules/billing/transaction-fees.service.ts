import type { TransactionFee, TransactionFeesResponse } from '@signlink/contracts/billing/transaction-fees';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../http/actor.ts';
import { authorize } from '../document-core/account.policy.ts';
import { readBalance } from './balance-ledger.ts';
import { listAssistantConversationFees, listMessageFees } from './transaction-fees.repository.ts';

/** Ours: a screenful of the newest fees; older ones stay in the ledger's history. */
const shownFees = 500;

/** `GET linktinker/app/transactionfees`: seen by those who spend the balance, as receipts are. */
export async function listAccountTransactionFees(db: Database, actor: Actor): Promise<TransactionFeesResponse> {
  authorize(actor, 'balance.fund');
  const [messageFees, conversationFees, balance] = await Promise.all([
    listMessageFees(db, actor.accountId, shownFees),
    listAssistantConversationFees(db, actor.accountId, shownFees),
    readBalance(db, actor.accountId),
  ]);
  const fees: TransactionFee[] = [
    ...messageFees.map((row) => feeOf(row, row.kind)),
    ...conversationFees.map((row) => feeOf(row, 'assistant-conversation')),
  ]
    .sort((a, b) => b.At.localeCompare(a.At) || b.Id.localeCompare(a.Id))
    .slice(0, shownFees);
  return { Fees: fees, Total: fees.reduce((sum, fee) => sum + fee.Amount, 0), Currency: balance.currency };
}

function feeOf(
  row: {
    id: string;
    amountMinor: number;
    currency: 'SEK' | 'EUR';
    createdAt: Date;
    documentId: string | null;
    documentTitle: string | null;
  },
  kind: TransactionFee['Kind'],
): TransactionFee {
  return {
    Id: row.id,
    At: row.createdAt.toISOString(),
    Kind: kind,
    Amount: row.amountMinor,
    Currency: row.currency,
    DocumentId: row.documentId,
    DocumentTitle: row.documentTitle,
  };
}
