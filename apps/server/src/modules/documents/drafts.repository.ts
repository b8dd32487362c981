import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { accounts, users } from '../../db/schema/accounts.ts';
import { documentFiles, documentParties, documents, links } from '../../db/schema/documents.ts';

/** Drafts ("projects") and their files and parties, as upload and the field editor read and write them. */
type Db = Database | Transaction;
export type DocumentFileRow = typeof documentFiles.$inferSelect;
export type DocumentPartyRow = typeof documentParties.$inferSelect;

/** What a new document starts from: the account's default access level and the sender's language. */
export async function findDocumentDefaults(db: Db, input: { userId: string; accountId: string }) {
  const [row] = await db
    .select({ accessLevel: accounts.defaultAccessLevel, language: users.locale })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, input.accountId))
    .where(eq(users.id, input.userId));
  return row;
}

export async function findDocumentById(db: Db, documentId: string) {
  const [row] = await db.select().from(documents).where(eq(documents.id, documentId));
  return row;
}

export async function insertDocument(tx: Transaction, row: typeof documents.$inferInsert) {
  const [document] = await tx.insert(documents).values(row).returning();
  return document as typeof documents.$inferSelect;
}

export async function insertFile(tx: Transaction, row: typeof documentFiles.$inferInsert) {
  const [file] = await tx.insert(documentFiles).values(row).returning();
  return file as DocumentFileRow;
}

/** The next position after the document's last file. */
export async function nextFilePosition(tx: Transaction, documentId: string): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number | null>`max(${documentFiles.position})` })
    .from(documentFiles)
    .where(eq(documentFiles.documentId, documentId));
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

export async function listFiles(db: Db, documentId: string) {
  return db
    .select()
    .from(documentFiles)
    .where(eq(documentFiles.documentId, documentId))
    .orderBy(asc(documentFiles.position), asc(documentFiles.createdAt));
}

export async function listFilesOf(db: Db, documentIds: string[]) {
  if (documentIds.length === 0) return [];
  return db
    .select({ documentId: documentFiles.documentId, count: sql<number>`count(*)::int` })
    .from(documentFiles)
    .where(inArray(documentFiles.documentId, documentIds))
    .groupBy(documentFiles.documentId);
}

export async function findFile(db: Db, fileId: string) {
  const [row] = await db.select().from(documentFiles).where(eq(documentFiles.id, fileId));
  return row;
}

export async function updateFile(tx: Transaction, fileId: string, values: Partial<typeof documentFiles.$inferInsert>) {
  const [row] = await tx.update(documentFiles).set(values).where(eq(documentFiles.id, fileId)).returning();
  return row as DocumentFileRow;
}

export async function deleteFiles(tx: Transaction, fileIds: string[]) {
  if (fileIds.length > 0) await tx.delete(documentFiles).where(inArray(documentFiles.id, fileIds));
}

export async function listParties(db: Db, documentId: string) {
  return db
    .select()
    .from(documentParties)
    .where(eq(documentParties.documentId, documentId))
    .orderBy(asc(documentParties.signatureIndex));
}

/** The signed-in user's own drafts, latest activity first. */
export async function listOwnDrafts(db: Db, input: { userId: string; accountId: string }) {
  return db
    .select({ id: documents.id, title: documents.title, updatedAt: documents.updatedAt })
    .from(documents)
    .where(
      and(
        eq(documents.accountId, input.accountId),
        eq(documents.ownerUserId, input.userId),
        eq(documents.state, 'draft'),
        // Templates and public links' masters are drafts forever, listed on their own screens.
        eq(documents.kind, 'document'),
        isNull(documents.deletedAt),
      ),
    )
    .orderBy(desc(documents.lastActivityAt), desc(documents.id));
}

export async function updateDocument(
  tx: Transaction,
  documentId: string,
  values: Partial<typeof documents.$inferInsert>,
) {
  await tx
    .update(documents)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(documents.id, documentId));
}

/**
 * Makes the document's parties exactly `parties`: rows whose id is kept are updated, new ones inserted, the rest
 * deleted. Deletions go first so a slot freed and taken again in one save does not collide on the unique index.
 */
export async function replaceParties(
  tx: Transaction,
  documentId: string,
  parties: { keep: DocumentPartyRow[]; insert: (typeof documentParties.$inferInsert)[]; removeIds: string[] },
) {
  if (parties.removeIds.length > 0) {
    await tx
      .delete(documentParties)
      .where(and(eq(documentParties.documentId, documentId), inArray(documentParties.id, parties.removeIds)));
  }
  // A kept party moving to a slot another kept party leaves: park every kept row first, then place it.
  for (const [offset, party] of parties.keep.entries()) {
    await tx
      .update(documentParties)
      .set({ signatureIndex: -1 - offset })
      .where(eq(documentParties.id, party.id));
  }
  for (const party of parties.keep) {
    const { id, documentId: _documentId, createdAt: _createdAt, ...values } = party;
    await tx.update(documentParties).set(values).where(eq(documentParties.id, id));
  }
  if (parties.insert.length > 0) await tx.insert(documentParties).values(parties.insert);
}

export async function listLinksWithParties(db: Db, documentId: string) {
  return db
    .select({
      code: links.id,
      status: links.status,
      partyId: documentParties.id,
      signatureIndex: documentParties.signatureIndex,
    })
    .from(links)
    .innerJoin(documentParties, eq(documentParties.id, links.partyId))
    .where(eq(links.documentId, documentId))
    .orderBy(asc(documentParties.signatureIndex), asc(links.createdAt));
}
