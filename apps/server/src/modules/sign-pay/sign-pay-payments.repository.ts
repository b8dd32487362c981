import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { documentParties, documents } from '../../db/schema/documents.ts';
import { signPayPayments } from '../../db/schema/sign-pay.ts';

type Db = Database | Transaction;

export type SignPayPaymentRow = typeof signPayPayments.$inferSelect;

export async function insertSignPayPayment(db: Db, row: typeof signPayPayments.$inferInsert) {
  await db.insert(signPayPayments).values(row);
}

export async function findSignPayPayment(db: Db, id: string): Promise<SignPayPaymentRow | undefined> {
  const [row] = await db.select().from(signPayPayments).where(eq(signPayPayments.id, id));
  return row;
}

/** Locked for the transaction: a webhook and a status poll racing over one payment queue on it. */
export async function lockSignPayPayment(tx: Transaction, id: string): Promise<SignPayPaymentRow | undefined> {
  const [row] = await tx.select().from(signPayPayments).where(eq(signPayPayments.id, id)).for('update');
  return row;
}

export async function updateSignPayPayment(
  db: Db,
  id: string,
  changes: Partial<Omit<typeof signPayPayments.$inferInsert, 'id'>>,
): Promise<void> {
  await db
    .update(signPayPayments)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(signPayPayments.id, id));
}

/** The document's payments, latest first. */
export async function listDocumentPayments(db: Db, documentId: string): Promise<SignPayPaymentRow[]> {
  return db
    .select()
    .from(signPayPayments)
    .where(eq(signPayPayments.documentId, documentId))
    .orderBy(desc(signPayPayments.createdAt), desc(signPayPayments.id));
}

/** A party's payments still in play (open or pending): a new checkout ends the open ones first. */
export async function listLivePartyPayments(db: Db, partyId: string): Promise<SignPayPaymentRow[]> {
  return db
    .select()
    .from(signPayPayments)
    .where(and(eq(signPayPayments.partyId, partyId), inArray(signPayPayments.status, ['open', 'pending'])));
}

/** The party row locked, so two checkouts of one slot queue on it. */
export async function lockParty(tx: Transaction, partyId: string) {
  const [row] = await tx.select().from(documentParties).where(eq(documentParties.id, partyId)).for('update');
  return row;
}

export async function lockDocument(tx: Transaction, documentId: string) {
  const [row] = await tx.select().from(documents).where(eq(documents.id, documentId)).for('update');
  return row;
}

export async function setPartyPaid(tx: Transaction, input: { partyId: string; at: Date }) {
  await tx
    .update(documentParties)
    .set({ paidAt: input.at })
    .where(and(eq(documentParties.id, input.partyId), sql`${documentParties.paidAt} is null`));
}
