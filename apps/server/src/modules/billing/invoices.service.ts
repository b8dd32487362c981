import type { Invoice, InvoiceStatus, InvoicesResponse } from '@signlink/contracts/billing/invoices';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { authorize } from '../document-core/account.policy.ts';
import { findInvoice, type InvoiceRow, listInvoices } from './invoices.repository.ts';

/** SPEC section 9: paid once the payment is registered; overdue when the due date has passed unpaid. */
export function invoiceStatusOf(row: Pick<InvoiceRow, 'paidAt' | 'dueAt'>, now: Date): InvoiceStatus {
  if (row.paidAt) return 'paid';
  return row.dueAt.getTime() < now.getTime() ? 'overdue' : 'unpaid';
}

export function presentInvoice(row: InvoiceRow, now = new Date()): Invoice {
  return {
    Id: row.id,
    Number: row.number,
    OcrReference: row.ocrReference,
    Description: row.description,
    IssuedAt: row.issuedAt.toISOString(),
    DueAt: row.dueAt.toISOString(),
    PaidAt: row.paidAt?.toISOString() ?? null,
    Status: invoiceStatusOf(row, now),
    Subtotal: row.subtotalMinor,
    VatPercent: row.vatPercent,
    Vat: row.vatMinor,
    Amount: row.totalMinor,
    Currency: row.currency,
    PeriodStart: row.periodStart?.toISOString() ?? null,
    PeriodEnd: row.periodEnd?.toISOString() ?? null,
    BuyerName: row.buyerName,
    InvoiceEmail: row.invoiceEmail,
  };
}

/** `GET linktinker/app/invoices`: the account's invoices, newest first; every member may read them. */
export async function listAccountInvoices(db: Database, actor: Actor): Promise<InvoicesResponse> {
  authorize(actor, 'account.view');
  const now = new Date();
  return { Invoices: (await listInvoices(db, actor.accountId)).map((row) => presentInvoice(row, now)) };
}

/** One invoice of the caller's account; another account's is not found. */
export async function findAccountInvoice(db: Database, actor: Actor, invoiceId: string): Promise<InvoiceRow> {
  authorize(actor, 'account.view');
  const row = await findInvoice(db, invoiceId);
  if (!row || row.accountId !== actor.accountId) throw new AppError('NOT_FOUND');
  return row;
}
