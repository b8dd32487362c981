import { asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { documentParties, documents } from '../../db/schema/documents.ts';
import { documentSignatures } from '../../db/schema/signatures.ts';

type Db = Database | Transaction;
export type DocumentRow = typeof documents.$inferSelect;
export type SignatureRow = typeof documentSignatures.$inferSelect;
export type NewSignatureRow = typeof documentSignatures.$inferInsert;

export async function listDocumentSignatures(db: Db, documentId: string): Promise<SignatureRow[]> {
  return db
    .select()
    .from(documentSignatures)
    .where(eq(documentSignatures.documentId, documentId))
    .orderBy(asc(documentSignatures.signatureIndex));
}

/**
 * The document row, locked until the transaction ends: two signatures of one document (two parties at once, or one
 * submission twice) queue here, so "was this the last unsigned slot?" is answered by one of them at a time.
 */
export async function lockDocument(tx: Transaction, documentId: string): Promise<DocumentRow | undefined> {
  const [row] = await tx.select().from(documents).where(eq(documents.id, documentId)).for('update');
  return row;
}

/** The e-mail of the user whose session the signing browser carried, for the history and the audit trail. */
export async function findSessionUserEmail(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/** The slot's row, or nothing when the slot already has one (the unique slot index decides). */
export async function insertSignature(tx: Transaction, row: NewSignatureRow): Promise<SignatureRow | undefined> {
  const [inserted] = await tx.insert(documentSignatures).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function markPartySigned(tx: Transaction, partyId: string, at: Date) {
  await tx.update(documentParties).set({ signedAt: at }).where(eq(documentParties.id, partyId));
}
