import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { accounts, users } from '../../db/schema/accounts.ts';
import { documentFiles, documentParties, documents, links } from '../../db/schema/documents.ts';

/** The parts of a document that sending and the actions after it read and change. */
export type PartyRow = typeof documentParties.$inferSelect;
export type LinkRow = typeof links.$inferSelect;
type Db = Database | Transaction;

export async function listDocumentFiles(db: Db, documentId: string) {
  return db
    .select()
    .from(documentFiles)
    .where(eq(documentFiles.documentId, documentId))
    .orderBy(asc(documentFiles.position), asc(documentFiles.createdAt));
}

export async function listDocumentParties(db: Db, documentId: string, options = { lock: false }) {
  const query = db
    .select()
    .from(documentParties)
    .where(eq(documentParties.documentId, documentId))
    .orderBy(asc(documentParties.signatureIndex));
  return options.lock ? query.for('update') : query;
}

/** The sender as messages name them, and the address a failed delivery is reported to. */
export async function findSender(db: Db, input: { userId: string; accountId: string }) {
  const [row] = await db
    .select({ name: users.name, email: users.email, accountName: accounts.name, accountKind: accounts.kind })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, input.accountId))
    .where(eq(users.id, input.userId));
  return row;
}

export async function insertLinks(tx: Transaction, rows: (typeof links.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return tx.insert(links).values(rows).returning();
}

export async function listDocumentLinks(db: Db, documentId: string) {
  return db.select().from(links).where(eq(links.documentId, documentId)).orderBy(asc(links.createdAt));
}

export async function markDocumentSent(
  tx: Transaction,
  input: { documentId: string; at: Date; currency: 'SEK' | 'EUR' },
) {
  await tx
    .update(documents)
    .set({ state: 'active', sentAt: input.at, currency: input.currency, updatedAt: input.at })
    .where(eq(documents.id, input.documentId));
}

/** A sent document ends: withdrawn by its sender or expired for inactivity. */
export async function markDocumentEnded(
  tx: Transaction,
  input: { documentId: string; state: 'withdrawn' | 'expired'; at: Date },
) {
  await tx
    .update(documents)
    .set({
      state: input.state,
      ...(input.state === 'withdrawn' ? { withdrawnAt: input.at } : { expiredAt: input.at }),
      updatedAt: input.at,
    })
    .where(eq(documents.id, input.documentId));
}

/** Every active link of the document stops working (SPEC section 4: withdrawal makes the link unusable). */
export async function withdrawDocumentLinks(tx: Transaction, documentId: string, at: Date) {
  await tx
    .update(links)
    .set({ status: 'withdrawn', revokedAt: at })
    .where(and(eq(links.documentId, documentId), eq(links.status, 'active')));
}

export async function revokePartyLinks(tx: Transaction, partyId: string, at: Date) {
  return tx
    .update(links)
    .set({ status: 'revoked', revokedAt: at })
    .where(and(eq(links.partyId, partyId), eq(links.status, 'active')))
    .returning();
}

export async function findActivePartyLink(db: Db, partyId: string) {
  const [row] = await db
    .select()
    .from(links)
    .where(and(eq(links.partyId, partyId), eq(links.status, 'active')))
    .orderBy(asc(links.createdAt));
  return row;
}

export async function updateParty(
  tx: Transaction,
  partyId: string,
  values: Partial<typeof documentParties.$inferInsert>,
) {
  const [row] = await tx.update(documentParties).set(values).where(eq(documentParties.id, partyId)).returning();
  return row;
}

/** Counted in SQL, so two reminders racing for one party both count. */
export async function recordPartyReminder(tx: Transaction, partyId: string, at: Date) {
  await tx
    .update(documentParties)
    .set({ remindersSent: sql`${documentParties.remindersSent} + 1`, lastRemindedAt: at })
    .where(eq(documentParties.id, partyId));
}

/** Active documents whose latest history event is older than `before` (DECISIONS, document expiry). */
export async function findInactiveDocumentIds(db: Db, input: { before: Date; limit: number }) {
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.state, 'active'), lt(documents.lastActivityAt, input.before)))
    .orderBy(asc(documents.lastActivityAt))
    .limit(input.limit);
  return rows.map((row) => row.id);
}

export async function findDocumentLocked(tx: Transaction, documentId: string) {
  const [row] = await tx.select().from(documents).where(eq(documents.id, documentId)).for('update');
  return row;
}

/** The sender sent the link again (a reminder, a share): its gate starts over. */
export async function reopenLinkGate(db: Db, linkId: string) {
  await db.update(links).set({ gateWrongTries: 0, gateLockedAt: null }).where(eq(links.id, linkId));
}
