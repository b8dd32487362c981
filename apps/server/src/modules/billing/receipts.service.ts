import type { Receipt, ReceiptsResponse } from '@signlink/contracts/billing/receipts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { authorize } from '../document-core/account.policy.ts';
import { findReceipt, listReceipts, type ReceiptRow } from './payments.repository.ts';

export function presentReceipt(row: ReceiptRow): Receipt {
  return {
    Id: row.id,
    Number: row.number,
    PaidAt: row.paidAt.toISOString(),
    Method: row.method,
    Description: row.description,
    Subtotal: row.subtotalMinor,
    VatPercent: row.vatPercent,
    Vat: row.vatMinor,
    Amount: row.totalMinor,
    Currency: row.currency,
    // A plan's or add-on's period as the receipt row keeps it; empty for a top-up.
    PeriodStart: row.periodStart?.toISOString() ?? null,
    PeriodEnd: row.periodEnd?.toISOString() ?? null,
  };
}

/** `GET linktinker/app/receipts`: the account's receipts, newest first. */
export async function listAccountReceipts(db: Database, actor: Actor): Promise<ReceiptsResponse> {
  authorize(actor, 'balance.fund');
  return { Receipts: (await listReceipts(db, actor.accountId)).map(presentReceipt) };
}

/** One receipt of the caller's account; another account's is not found. */
export async function findAccountReceipt(db: Database, actor: Actor, receiptId: string): Promise<ReceiptRow> {
  authorize(actor, 'balance.fund');
  const row = await findReceipt(db, receiptId);
  if (!row || row.accountId !== actor.accountId) throw new AppError('NOT_FOUND');
  return row;
}
