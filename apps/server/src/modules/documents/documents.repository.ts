import type { DocumentStatus } from '@signlink/contracts/documents/document-status';
import type { DocumentsQuery } from '@signlink/contracts/documents/documents';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { documentEvents } from '../../db/schema/document-events.ts';
import { documentFiles, documentParties, documents, links } from '../../db/schema/documents.ts';
import { linkFormSubmissions } from '../../db/schema/link-forms.ts';
import { documentSeals, documentSignatures } from '../../db/schema/signatures.ts';
import { publicLinks } from '../../db/schema/templates.ts';
import { statusInSql, statusRankSqlOf, statusSqlOf } from './document-status.repository.ts';

type Db = Database | Transaction;

export type PartyRow = typeof documentParties.$inferSelect;
export type FileRow = typeof documentFiles.$inferSelect;
export type LinkRow = typeof links.$inferSelect;
export type EventRow = typeof documentEvents.$inferSelect;

/** Whose documents a list shows: the account's, the caller's own, and the shared ones when the policy lets them. */
export interface DocumentScope {
  accountId: string;
  userId: string;
  seesShared: boolean;
}

/** Per document: how many parties, how many signed, whether any is to pay and whether any has not paid yet. */
const partyStats = (db: Db) =>
  db
    .select({
      documentId: documentParties.documentId,
      partyCount: sql<number>`count(*)::int`.as('party_count'),
      signedCount: sql<number>`count(${documentParties.signedAt})::int`.as('signed_count'),
      anyGetPaid: sql<boolean>`bool_or(${documentParties.getPaid})`.as('any_get_paid'),
      anyUnpaid: sql<boolean>`bool_or(${documentParties.getPaid} and ${documentParties.paidAt} is null)`.as(
        'any_unpaid',
      ),
    })
    .from(documentParties)
    .groupBy(documentParties.documentId)
    .as('party_stats');

type PartyStats = ReturnType<typeof partyStats>;

const sealFailedSql = sql<boolean>`exists (select 1 from ${documentSeals} where ${documentSeals.documentId} = ${documents.id} and ${documentSeals.status} = 'failed')`;

function statusSql(stats: PartyStats): SQL {
  const hasParties = sql`coalesce(${stats.partyCount}, 0) > 0`;
  return statusSqlOf(documents.state, {
    hasParties,
    allSigned: sql`${hasParties} and ${stats.signedCount} = ${stats.partyCount}`,
    anyGetPaid: sql`coalesce(${stats.anyGetPaid}, false)`,
    anyUnpaid: sql`coalesce(${stats.anyUnpaid}, false)`,
    hasSealError: sealFailedSql,
  });
}

/** Sent documents (never drafts, the `projects` resource) not deleted from the lists, that the scope may see. */
function visibleDocuments(scope: DocumentScope): SQL {
  return and(
    eq(documents.accountId, scope.accountId),
    scope.seesShared
      ? or(eq(documents.ownerUserId, scope.userId), eq(documents.accessLevel, 'shared'))
      : eq(documents.ownerUserId, scope.userId),
    ne(documents.state, 'draft'),
    isNull(documents.deletedAt),
  ) as SQL;
}

/** `%…%` for ILIKE with the user's own `%`, `_` and `\` taken literally. */
function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function searchSql(search: string): SQL {
  const pattern = containsPattern(search);
  // Phones are stored in E.164; a number typed with spaces still matches.
  const phonePattern = containsPattern(search.replace(/[\s-]/g, ''));
  const partyMatches = and(
    eq(documentParties.documentId, documents.id),
    or(
      ilike(documentParties.name, pattern),
      ilike(documentParties.email, pattern),
      ilike(documentParties.phone, phonePattern),
    ),
  );
  // Field values (issue 24: the inbox is searched by what visitors filled in): those signed with a slot and those
  // of a submitted form, each jsonb object's values as text.
  const signedValueMatches = sql`(select 1 from ${documentSignatures} s, jsonb_each_text(s.form_values) v
    where s.document_id = "documents"."id" and v.value ilike ${pattern})`;
  const formValueMatches = sql`(select 1 from ${linkFormSubmissions} f, jsonb_each_text(f.values) v
    where f.document_id = "documents"."id" and v.value ilike ${pattern})`;
  return or(
    ilike(documents.title, pattern),
    exists(sql`(select 1 from ${documentParties} where ${partyMatches})`),
    exists(signedValueMatches),
    exists(formValueMatches),
  ) as SQL;
}

/** A public-link visit whose visitor (party 0) has signed: a submission, which the inbox lists (issue 24). */
const visitorSignedSql = sql`exists (select 1 from ${documentParties} vp where vp.document_id = "documents"."id"
  and vp.signature_index = 0 and vp.signed_at is not null)`;

/**
 * Public-link submissions are the inbox's, every other sent document the Sent list's; archiving either moves it to
 * Archived. A visit whose visitor has not signed yet is in no list.
 */
function boxSql(box: DocumentFilter['box'], subInboxId: string | undefined): SQL {
  if (box === 'archived') {
    return and(isNotNull(documents.archivedAt), or(isNull(documents.publicLinkId), visitorSignedSql)) as SQL;
  }
  if (box === 'sent') return and(isNull(documents.publicLinkId), isNull(documents.archivedAt)) as SQL;
  return and(
    isNotNull(documents.publicLinkId),
    isNull(documents.archivedAt),
    visitorSignedSql,
    subInboxId ? eq(documents.publicLinkId, subInboxId) : undefined,
  ) as SQL;
}

export interface DocumentFilter {
  box: 'sent' | 'archived' | 'inbox';
  /** The inbox's sub-inbox: one public link's submissions. */
  subInboxId?: string;
  status?: DocumentStatus;
  /** Sent at or before this time. */
  sentBefore?: Date;
  handled?: boolean;
  search?: string;
}

function filterSql(scope: DocumentScope, filter: DocumentFilter, status: SQL): SQL {
  const conditions: (SQL | undefined)[] = [
    visibleDocuments(scope),
    boxSql(filter.box, filter.subInboxId),
    filter.status ? statusInSql(status, [filter.status]) : undefined,
    filter.sentBefore ? lte(documents.sentAt, filter.sentBefore) : undefined,
    filter.handled === undefined ? undefined : eq(documents.handled, filter.handled),
    filter.search ? searchSql(filter.search) : undefined,
  ];
  return and(...conditions) as SQL;
}

function orderOf(sort: DocumentsQuery['sort'], status: SQL): SQL[] {
  switch (sort) {
    case 'latest-activity':
      return [desc(documents.lastActivityAt), desc(documents.id)];
    case 'oldest-activity':
      return [asc(documents.lastActivityAt), asc(documents.id)];
    case 'name':
      return [asc(sql`lower(${documents.title})`), asc(documents.id)];
    case 'created':
      return [desc(documents.createdAt), desc(documents.id)];
    case 'status':
      return [asc(statusRankSqlOf(status)), desc(documents.lastActivityAt), desc(documents.id)];
  }
}

const documentColumns = { document: documents, ownerName: users.name, hasSealError: sealFailedSql };
export type DocumentRow = { document: typeof documents.$inferSelect; ownerName: string | null; hasSealError: boolean };

export async function findDocumentPage(
  db: Db,
  input: { scope: DocumentScope; filter: DocumentFilter; sort: DocumentsQuery['sort']; page: number; pageSize: number },
): Promise<{ rows: DocumentRow[]; total: number }> {
  const stats = partyStats(db);
  const status = statusSql(stats);
  const where = filterSql(input.scope, input.filter, status);
  const rows = await db
    .select(documentColumns)
    .from(documents)
    .leftJoin(stats, eq(stats.documentId, documents.id))
    .leftJoin(users, eq(users.id, documents.ownerUserId))
    .where(where)
    .orderBy(...orderOf(input.sort, status))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const [totals] = await db
    .select({ total: count() })
    .from(documents)
    .leftJoin(stats, eq(stats.documentId, documents.id))
    .where(where);
  return { rows, total: totals?.total ?? 0 };
}

export async function findDocumentRow(db: Db, documentId: string): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select(documentColumns)
    .from(documents)
    .leftJoin(users, eq(users.id, documents.ownerUserId))
    .where(eq(documents.id, documentId));
  return row;
}

/**
 * The dashboard's and menu's counts in one pass. `openStatuses` are the ones still awaiting the parties
 * (`isOpenStatus`); late ones were sent at or before `lateBefore` (`isLate`).
 */
export async function countDocuments(
  db: Db,
  input: { scope: DocumentScope; openStatuses: readonly DocumentStatus[]; lateBefore: Date },
) {
  const stats = partyStats(db);
  const status = statusSql(stats);
  const isOpen = statusInSql(status, input.openStatuses);
  const awaitsPayment = statusInSql(status, ['awaiting-payment']);
  const notArchived = and(isNull(documents.archivedAt), isNull(documents.publicLinkId));
  const [row] = await db
    .select({
      inbox: sql<number>`(count(*) filter (where ${boxSql('inbox', undefined)}))::int`,
      sent: sql<number>`(count(*) filter (where ${notArchived}))::int`,
      awaiting: sql<number>`(count(*) filter (where ${notArchived} and ${isOpen}))::int`,
      awaitingPayment: sql<number>`(count(*) filter (where ${notArchived} and ${awaitsPayment}))::int`,
      late: sql<number>`(count(*) filter (where ${notArchived} and ${isOpen} and ${lte(documents.sentAt, input.lateBefore)}))::int`,
      archived: sql<number>`(count(*) filter (where ${boxSql('archived', undefined)}))::int`,
      unhandled: sql<number>`(count(*) filter (where ${notArchived} and not ${documents.handled}))::int`,
    })
    .from(documents)
    .leftJoin(stats, eq(stats.documentId, documents.id))
    .where(visibleDocuments(input.scope));
  return row ?? { inbox: 0, sent: 0, awaiting: 0, awaitingPayment: 0, late: 0, archived: 0, unhandled: 0 };
}

/** The names of the fields placed on the scope's sent documents, distinct and sorted. */
export async function listFieldNames(db: Db, scope: DocumentScope): Promise<string[]> {
  // A set-returning function in the select list: one row per placed field of each visible file.
  const fieldNames = db
    .select({
      name: sql<string | null>`jsonb_array_elements(${documentFiles.rules} -> 'fields') ->> 'name'`.as('name'),
    })
    .from(documentFiles)
    .innerJoin(documents, eq(documents.id, documentFiles.documentId))
    .where(visibleDocuments(scope))
    .as('field_names');
  const rows = await db
    .selectDistinct({ name: fieldNames.name })
    .from(fieldNames)
    .where(isNotNull(fieldNames.name))
    .orderBy(asc(fieldNames.name));
  return rows.flatMap((row) => (row.name ? [row.name] : []));
}

export async function listPartiesOf(db: Db, documentIds: readonly string[]): Promise<PartyRow[]> {
  if (documentIds.length === 0) return [];
  return db
    .select()
    .from(documentParties)
    .where(inArray(documentParties.documentId, [...documentIds]))
    .orderBy(asc(documentParties.documentId), asc(documentParties.signatureIndex));
}

/** Each document's latest history event, in one query. */
export async function listLatestEventsOf(db: Db, documentIds: readonly string[]) {
  if (documentIds.length === 0) return [];
  return db
    .selectDistinctOn([documentEvents.documentId], {
      documentId: documentEvents.documentId,
      type: documentEvents.type,
      createdAt: documentEvents.createdAt,
    })
    .from(documentEvents)
    .where(inArray(documentEvents.documentId, [...documentIds]))
    .orderBy(documentEvents.documentId, desc(documentEvents.sequence));
}

export async function listFilesOf(db: Db, documentId: string) {
  return db
    .select()
    .from(documentFiles)
    .where(eq(documentFiles.documentId, documentId))
    .orderBy(asc(documentFiles.position), asc(documentFiles.createdAt));
}

export async function listLinksOf(db: Db, documentId: string) {
  return db.select().from(links).where(eq(links.documentId, documentId)).orderBy(asc(links.createdAt));
}

/** The names signers proved with BankID, by party: BankID's own `name`, stored with the signature. */
export async function listVerifiedNamesOf(db: Db, documentId: string) {
  return db
    .select({ partyId: documentSignatures.partyId, signerName: documentSignatures.signerName })
    .from(documentSignatures)
    .where(and(eq(documentSignatures.documentId, documentId), eq(documentSignatures.method, 'bankid')));
}

/**
 * The inbox's sub-inboxes: the scope's public links (own, or shared by master while the scope sees shared), and
 * any link, even deleted, that still has submissions the scope sees, each with its count of those.
 */
export async function listSubInboxRows(db: Db, scope: DocumentScope) {
  const submissions = sql<number>`(select count(*)::int from ${documents} where "documents"."public_link_id" =
    "public_links"."id" and ${visibleDocuments(scope)} and ${boxSql('inbox', undefined)})`;
  const master = sql`(select d.access_level from ${documents} d where d.id = "public_links"."document_id")`;
  const isListed = scope.seesShared
    ? or(eq(publicLinks.ownerUserId, scope.userId), sql`${master} = 'shared'`)
    : eq(publicLinks.ownerUserId, scope.userId);
  const rows = await db
    .select({ id: publicLinks.id, name: publicLinks.name, deletedAt: publicLinks.deletedAt, count: submissions })
    .from(publicLinks)
    .where(eq(publicLinks.accountId, scope.accountId))
    .orderBy(asc(sql`lower(${publicLinks.name})`), asc(publicLinks.id));
  const listed = await db
    .select({ id: publicLinks.id })
    .from(publicLinks)
    .where(and(eq(publicLinks.accountId, scope.accountId), isNull(publicLinks.deletedAt), isListed));
  const listedIds = new Set(listed.map((row) => row.id));
  return rows.filter((row) => (listedIds.has(row.id) && !row.deletedAt) || row.count > 0);
}
