import { ocrReferenceOf } from '@signlink/contracts/billing/ocr-reference';
import { invoiceTerms } from '@signlink/contracts/billing/price-list';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { invoices } from '../../db/schema/plans.ts';

type Db = Database | Transaction;
export type InvoiceRow = typeof invoices.$inferSelect;

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Writes an invoice (SPEC section 9: due `invoiceTerms.netDays` after issue) with the OCR reference of its number.
 * The number comes from the table's sequence on insert, so the reference is set in the same transaction; until
 * then the row holds its own id there, which is unique too. Sending it is the invoice mailer's work (`sentAt`).
 */
export async function insertInvoice(
  tx: Transaction,
  row: Omit<typeof invoices.$inferInsert, 'number' | 'ocrReference' | 'dueAt' | 'issuedAt'> & { issuedAt: Date },
): Promise<InvoiceRow> {
  const dueAt = new Date(row.issuedAt.getTime() + invoiceTerms.netDays * dayMs);
  const [inserted] = await tx
    .insert(invoices)
    .values({ ...row, dueAt, ocrReference: row.id })
    .returning({ number: invoices.number });
  if (!inserted) throw new Error(`invoice ${row.id} was not written`);
  const [invoice] = await tx
    .update(invoices)
    .set({ ocrReference: ocrReferenceOf(inserted.number) })
    .where(eq(invoices.id, row.id))
    .returning();
  if (!invoice) throw new Error(`invoice ${row.id} vanished in its own transaction`);
  return invoice;
}

export async function findInvoice(db: Db, invoiceId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  return row;
}

export async function listInvoices(db: Db, accountId: string): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(eq(invoices.accountId, accountId)).orderBy(desc(invoices.issuedAt));
}

/** Invoices not yet e-mailed, oldest first: what the invoice mailer sends. */
export async function listUnsentInvoices(db: Db, limit: number): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(isNull(invoices.sentAt)).orderBy(invoices.issuedAt).limit(limit);
}

export async function markInvoiceSent(db: Db, invoiceId: string, at: Date) {
  await db
    .update(invoices)
    .set({ sentAt: at })
    .where(and(eq(invoices.id, invoiceId), isNull(invoices.sentAt)));
}
