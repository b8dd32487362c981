import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { accounts, users } from '../../db/schema/accounts.ts';
import { documentParties, documents } from '../../db/schema/documents.ts';
import { publicLinks } from '../../db/schema/templates.ts';

type Db = Database | Transaction;

export type PublicLinkRow = typeof publicLinks.$inferSelect;
export type MasterPartyRow = typeof documentParties.$inferSelect;

/** A public link with what its lists show: the master's access level and its submissions (visitor signed). */
export type PublicLinkListRow = { link: PublicLinkRow; accessLevel: 'private' | 'shared'; submissions: number };

/** A visit whose visitor (party 0) has signed: a submission, counted in the link's sub-inbox. */
const submissionsSql = sql<number>`(select count(*)::int from ${documents} v
  join ${documentParties} vp on vp.document_id = v.id and vp.signature_index = 0
  where v.public_link_id = "public_links"."id" and vp.signed_at is not null and v.deleted_at is null)`;

export async function insertPublicLink(tx: Transaction, row: typeof publicLinks.$inferInsert) {
  await tx.insert(publicLinks).values(row);
}

export async function findPublicLink(db: Db, id: string, options = { lock: false }) {
  const query = db.select().from(publicLinks).where(eq(publicLinks.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The account's links not deleted that the caller owns, or (`seesShared`) whose master is shared. */
export async function listPublicLinks(
  db: Db,
  input: { accountId: string; userId: string; seesShared: boolean; ownOnly: boolean },
): Promise<PublicLinkListRow[]> {
  const own = eq(publicLinks.ownerUserId, input.userId);
  const visible = input.ownOnly || !input.seesShared ? own : or(own, eq(documents.accessLevel, 'shared'));
  return db
    .select({ link: publicLinks, accessLevel: documents.accessLevel, submissions: submissionsSql })
    .from(publicLinks)
    .innerJoin(documents, eq(documents.id, publicLinks.documentId))
    .where(and(eq(publicLinks.accountId, input.accountId), isNull(publicLinks.deletedAt), visible))
    .orderBy(desc(publicLinks.createdAt), asc(publicLinks.id));
}

export async function countSubmissions(db: Db, publicLinkId: string): Promise<number> {
  const [row] = await db
    .select({ submissions: submissionsSql })
    .from(publicLinks)
    .where(eq(publicLinks.id, publicLinkId));
  return row?.submissions ?? 0;
}

export async function updatePublicLink(
  tx: Transaction,
  id: string,
  values: Partial<Pick<PublicLinkRow, 'name' | 'status' | 'requireBankId' | 'requireSms' | 'requireEmail'>> & {
    disabledAt?: Date | null;
    deletedAt?: Date | null;
    updatedAt: Date;
  },
) {
  const [row] = await tx.update(publicLinks).set(values).where(eq(publicLinks.id, id)).returning();
  return row;
}

export async function countVisit(tx: Transaction, id: string) {
  await tx
    .update(publicLinks)
    .set({ visitCount: sql`${publicLinks.visitCount} + 1` })
    .where(eq(publicLinks.id, id));
}

export async function listMasterParties(db: Db, documentId: string): Promise<MasterPartyRow[]> {
  return db
    .select()
    .from(documentParties)
    .where(eq(documentParties.documentId, documentId))
    .orderBy(asc(documentParties.signatureIndex));
}

export async function updateMasterParty(
  tx: Transaction,
  partyId: string,
  values: Pick<MasterPartyRow, 'name' | 'email' | 'phone' | 'invitationMethod'>,
) {
  await tx.update(documentParties).set(values).where(eq(documentParties.id, partyId));
}

export async function renameDocumentOf(tx: Transaction, documentId: string, title: string, at: Date) {
  await tx.update(documents).set({ title, updatedAt: at }).where(eq(documents.id, documentId));
}

/** The owner's data a visitor's page shows before the visit starts (as a party's link shows them). */
export async function findLinkOwnerData(db: Db, accountId: string) {
  const [row] = await db
    .select({
      name: accounts.name,
      consentMessage: accounts.consentMessage,
      privacyUrl: accounts.privacyUrl,
      logoStorageKey: accounts.logoStorageKey,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row;
}

/** Active visits whose time ran out before their visitor signed: the expiry job's work. */
export async function findExpiredVisitIds(db: Db, input: { now: Date; limit: number }): Promise<string[]> {
  const visitorUnsigned = sql`exists (select 1 from ${documentParties} p where p.document_id = "documents"."id"
    and p.signature_index = 0 and p.signed_at is null)`;
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        isNotNull(documents.publicLinkId),
        eq(documents.state, 'active'),
        lte(documents.visitExpiresAt, input.now),
        visitorUnsigned,
      ) as SQL,
    )
    .orderBy(asc(documents.visitExpiresAt))
    .limit(input.limit);
  return rows.map((row) => row.id);
}

export async function findDocumentsByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(documents)
    .where(inArray(documents.id, [...ids]));
}

/** Who a visit's invitations name as sender: the link's owner, or only the account when that user is gone. */
export async function findVisitSender(db: Db, input: { userId: string | null; accountId: string }) {
  const [row] = await db
    .select({ name: users.name, email: users.email, accountName: accounts.name, accountKind: accounts.kind })
    .from(accounts)
    .leftJoin(users, eq(users.id, input.userId ?? ''))
    .where(eq(accounts.id, input.accountId));
  if (!row) return undefined;
  return { ...row, name: row.name ?? '', email: row.email ?? null };
}
