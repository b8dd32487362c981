import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { documents, links, linkVerifications } from '../../db/schema/documents.ts';

export type LinkVerificationRow = typeof linkVerifications.$inferSelect;

/** A link with the document it opens; ids are compared upper case (SPEC section 3). */
export async function findLinkWithDocument(db: Database | Transaction, linkId: string) {
  const [row] = await db
    .select({ link: links, document: documents })
    .from(links)
    .innerJoin(documents, eq(documents.id, links.documentId))
    .where(eq(links.id, linkId.toUpperCase()));
  return row;
}

export async function insertLinkVerification(tx: Transaction, row: typeof linkVerifications.$inferInsert) {
  const [inserted] = await tx.insert(linkVerifications).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function findVerificationOfOrder(db: Database | Transaction, bankIdOrderId: string) {
  const [row] = await db.select().from(linkVerifications).where(eq(linkVerifications.bankIdOrderId, bankIdOrderId));
  return row;
}
