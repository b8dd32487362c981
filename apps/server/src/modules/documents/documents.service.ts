import { limits } from '@signlink/contracts/constants';
import { documentStatuses, isOpenStatus } from '@signlink/contracts/documents/document-status';
import type { DocumentDetail, DocumentSummary, DocumentsQuery } from '@signlink/contracts/documents/documents';
import type { Database, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { authorize, can, type PolicyActor } from '../document-core/account.policy.ts';
import { findDocumentForActor } from '../document-core/document-access.ts';
import { listDocumentEvents } from '../document-core/document-events.repository.ts';
import { listIdDocumentsOf } from '../document-core/id-documents.repository.ts';
import { getDeliveryStatesOfDocuments } from '../messaging/party-delivery-state.ts';
import { type DocumentParts, presentDocumentDetail, presentDocumentSummary } from './document.presenter.ts';
import {
  countDocuments,
  type DocumentRow,
  type DocumentScope,
  findDocumentPage,
  findDocumentRow,
  listFieldNames,
  listFilesOf,
  listLatestEventsOf,
  listLinksOf,
  listPartiesOf,
  listSubInboxRows,
  listVerifiedNamesOf,
} from './documents.repository.ts';

/** `now` is the clock the late warning and the "sent at least N days ago" filter read; tests set it. */
export interface DocumentsDeps {
  db: Database;
  now?: () => Date;
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Whose documents the lists show (SPEC section 6): always the caller's own; a colleague's only when shared and the
 * policy lets this role see shared documents, which it answers here for a shared document owned by someone else.
 */
function scopeOf(actor: PolicyActor): DocumentScope {
  const seesShared = can(actor, 'document.view', {
    accountId: actor.accountId,
    ownerUserId: '',
    accessLevel: 'shared',
  });
  return { accountId: actor.accountId, userId: actor.userId, seesShared };
}

/** What the rows of a page need besides the document: parties, delivery and latest event, one query each. */
async function loadParts(db: Database | Transaction, rows: readonly DocumentRow[]): Promise<DocumentParts[]> {
  const ids = rows.map((row) => row.document.id);
  // In turn: `db` may be a transaction, whose one connection takes one query at a time (node-postgres 9 refuses more).
  const parties = await listPartiesOf(db, ids);
  const deliveries = await getDeliveryStatesOfDocuments(db, ids);
  const latestEvents = await listLatestEventsOf(db, ids);
  const latestById = new Map(latestEvents.map((event) => [event.documentId, event]));
  return rows.map((row) => ({
    row,
    parties: parties.filter((party) => party.documentId === row.document.id),
    deliveries,
    latestEvent: latestById.get(row.document.id),
  }));
}

export async function listDocuments(deps: DocumentsDeps, actor: PolicyActor, query: DocumentsQuery) {
  authorize(actor, 'account.view', { accountId: actor.accountId });
  const page = { Page: query.page, PageSize: query.pageSize };
  // SPEC section 6: contributors cannot use the inbox, which holds public-link submissions (per link: `subInboxId`).
  if (query.box === 'inbox') authorize(actor, 'inbox.use', { accountId: actor.accountId });
  const now = deps.now?.() ?? new Date();
  const { rows, total } = await findDocumentPage(deps.db, {
    scope: scopeOf(actor),
    filter: {
      box: query.box,
      status: query.status,
      sentBefore: query.olderThanDays ? new Date(now.getTime() - query.olderThanDays * dayMs) : undefined,
      handled: query.handled === undefined ? undefined : query.handled === 'true',
      search: query.search || undefined,
      subInboxId: query.box === 'inbox' ? query.subInboxId || undefined : undefined,
    },
    sort: query.sort,
    page: query.page,
    pageSize: query.pageSize,
  });
  const parts = await loadParts(deps.db, rows);
  return { Errands: parts.map((part) => presentDocumentSummary(part, actor, now)), Total: total, ...page };
}

export async function countDocumentsFor(deps: DocumentsDeps, actor: PolicyActor) {
  authorize(actor, 'account.view', { accountId: actor.accountId });
  const now = deps.now?.() ?? new Date();
  const counts = await countDocuments(deps.db, {
    scope: scopeOf(actor),
    openStatuses: documentStatuses.filter(isOpenStatus),
    // `isLate`: sent at least lateWarningDays ago and still awaiting the parties.
    lateBefore: new Date(now.getTime() - limits.lateWarningDays * dayMs),
  });
  return {
    Sent: counts.sent,
    AwaitingSignatures: counts.awaiting,
    AwaitingPayment: counts.awaitingPayment,
    Late: counts.late,
    Archived: counts.archived,
    // Contributors have no inbox (SPEC section 6): nothing to count.
    Inbox: can(actor, 'inbox.use', { accountId: actor.accountId }) ? counts.inbox : 0,
    Unhandled: counts.unhandled,
  };
}

export async function listSearchFormFields(deps: DocumentsDeps, actor: PolicyActor) {
  authorize(actor, 'account.view', { accountId: actor.accountId });
  return { FieldNames: await listFieldNames(deps.db, scopeOf(actor)) };
}

/** `GET linktinker/subinboxes`: the inbox's public-link submissions grouped per public link, with their counts. */
export async function listSubInboxes(deps: DocumentsDeps, actor: PolicyActor) {
  authorize(actor, 'inbox.use', { accountId: actor.accountId });
  const rows = await listSubInboxRows(deps.db, scopeOf(actor));
  return { SubInboxes: rows.map((row) => ({ Id: row.id, Name: row.name, Count: row.count })) };
}

/**
 * A sent document for the caller (`action`: view or manage). Drafts are reached through the draft endpoints
 * (`projects` on the wire), and unknown here.
 */
export async function findSentDocumentForActor(
  db: Database | Transaction,
  input: { actor: PolicyActor; documentId: string; action: 'document.view' | 'document.manage'; forUpdate?: boolean },
) {
  const document = await findDocumentForActor(db, input);
  if (document.state === 'draft') throw new AppError('NOT_FOUND');
  return document;
}

/** One document as a list row, e.g. after an action changed it. */
export async function loadDocumentSummary(
  db: Database | Transaction,
  actor: PolicyActor,
  documentId: string,
  now = new Date(),
): Promise<DocumentSummary> {
  const row = await findDocumentRow(db, documentId);
  if (!row) throw new AppError('NOT_FOUND');
  const [parts] = await loadParts(db, [row]);
  if (!parts) throw new AppError('NOT_FOUND');
  return presentDocumentSummary(parts, actor, now);
}

export async function findDocumentDetail(
  deps: DocumentsDeps,
  actor: PolicyActor,
  documentId: string,
): Promise<DocumentDetail> {
  await findSentDocumentForActor(deps.db, { actor, documentId, action: 'document.view' });
  const row = await findDocumentRow(deps.db, documentId);
  if (!row) throw new AppError('NOT_FOUND');
  const [[parts], files, events, links, verifiedNames, idDocuments] = await Promise.all([
    loadParts(deps.db, [row]),
    listFilesOf(deps.db, documentId),
    listDocumentEvents(deps.db, documentId),
    listLinksOf(deps.db, documentId),
    listVerifiedNamesOf(deps.db, documentId),
    listIdDocumentsOf(deps.db, documentId),
  ]);
  if (!parts) throw new AppError('NOT_FOUND');
  return presentDocumentDetail(
    { ...parts, files, events, links, verifiedNames, idDocuments },
    actor,
    deps.now?.() ?? new Date(),
  );
}
