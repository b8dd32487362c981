import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { documentParties, documents, links, linkVerifications } from '../../db/schema/documents.ts';

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

/** Sets the party's `opened_at` only while it is empty: the time it set, or none when another access was first. */
export async function setPartyOpenedOnce(tx: Transaction, partyId: string) {
  const [opened] = await tx
    .update(documentParties)
    .set({ openedAt: sql`now()` })
    .where(and(eq(documentParties.id, partyId), isNull(documentParties.openedAt)))
    .returning({ openedAt: documentParties.openedAt });
  return opened?.openedAt ?? undefined;
}

export async function findPartyAccessKey(db: Database | Transaction, partyId: string) {
  const [party] = await db
    .select({ accessKey: documentParties.accessKey })
    .from(documentParties)
    .where(eq(documentParties.id, partyId));
  return party?.accessKey;
}

/** The account's logo as its administrators set it, for the recipient page's header. */
export async function findAccountLogo(db: Database, accountId: string) {
  const [owner] = await db
    .select({ key: accounts.logoStorageKey, contentType: accounts.logoContentType })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return owner;
}
