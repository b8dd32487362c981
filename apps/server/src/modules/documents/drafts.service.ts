import type { SaveDraftRequest } from '@signlink/contracts/documents/drafts';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { Database, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { newFieldAccessKey, newId } from '../../lib/ids.ts';
import { assertCanShareWithinAccount } from '../billing/plan-rules.ts';
import { authorize } from '../document-core/account.policy.ts';
import { findDocumentForActor } from '../document-core/document-access.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import { findAccountProduct } from '../sign-pay/payment-products.repository.ts';
import { presentDraft, presentFile } from './drafts.presenter.ts';
import {
  type DocumentPartyRow,
  findDocumentById,
  listFiles,
  listFilesOf,
  listLinksWithParties,
  listOwnDrafts,
  listParties,
  replaceParties,
  updateDocument,
  updateFile,
} from './drafts.repository.ts';

/** A draft the caller may change, locked in a transaction; a sent document is frozen (DOCUMENT_SAVE_FAILED). */
export async function findDraftForUpdate(db: Database | Transaction, actor: Actor, documentId: string) {
  const document = await findDocumentForActor(db, { actor, documentId, action: 'document.manage', forUpdate: true });
  if (document.state !== 'draft') throw new AppError('DOCUMENT_SAVE_FAILED', { details: { reason: 'not-a-draft' } });
  return document;
}

/** A party's fieldAccessKey (SPEC section 3): unguessable, the file rules' access map names it per slot. */

/** The draft with its files and parties, as the API shows it. */
export async function loadDraft(db: Database | Transaction, documentId: string) {
  const document = await findDocumentById(db, documentId);
  if (!document) throw new AppError('NOT_FOUND');
  return presentDraft(document, await listFiles(db, documentId), await listParties(db, documentId));
}

export async function getDraft(db: Database, actor: Actor, documentId: string) {
  const document = await findDocumentForActor(db, { actor, documentId, action: 'document.view' });
  return presentDraft(document, await listFiles(db, documentId), await listParties(db, documentId));
}

/** `GET linktinker/projects`: the caller's own drafts (a colleague's drafts are theirs until sent and shared). */
export async function listDrafts(db: Database, actor: Actor) {
  authorize(actor, 'documents.create');
  const drafts = await listOwnDrafts(db, actor);
  const counts = new Map(
    (
      await listFilesOf(
        db,
        drafts.map((draft) => draft.id),
      )
    ).map((row) => [row.documentId, row.count]),
  );
  return {
    Projects: drafts.map((draft) => ({
      Id: draft.id,
      Title: draft.title,
      FileCount: counts.get(draft.id) ?? 0,
      Updated: draft.updatedAt.toISOString(),
    })),
  };
}

export async function listDraftFiles(db: Database, actor: Actor, documentId: string) {
  await findDocumentForActor(db, { actor, documentId, action: 'document.view' });
  return { Files: (await listFiles(db, documentId)).map(presentFile) };
}

/**
 * A sent document's links, for its owner only (a code is the party's credential): one per party, and a revoked one
 * per corrected contact, on the request's brand host.
 */
export async function listDocumentLinks(db: Database, actor: Actor, input: { documentId: string; baseUrl: string }) {
  await findDocumentForActor(db, { actor, documentId: input.documentId, action: 'document.share' });
  const rows = await listLinksWithParties(db, input.documentId);
  return {
    Links: rows.map((row) => ({
      Code: row.code,
      PartyId: row.partyId,
      SignatureIndex: row.signatureIndex,
      Status: row.status,
      Url: `${input.baseUrl}/${encodeURIComponent(row.code)}`,
    })),
  };
}

/**
 * `PUT linktinker/projects/{id}`: the draft's title, language, access level, settings, message and parties, in
 * one transaction. Parties are matched by id; new ones get an access key; each slot once. The files' access maps
 * follow the parties. A sent document is frozen: DOCUMENT_SAVE_FAILED.
 */
export async function saveDraft(db: Database, actor: Actor, documentId: string, request: SaveDraftRequest) {
  const indexes = request.Parties.map((party) => party.SignatureIndex);
  if (new Set(indexes).size !== indexes.length) {
    throw new AppError('VALIDATION_FAILED', { details: { reason: 'signature-index-taken' } });
  }
  await db.transaction(async (tx) => {
    const draft = await findDraftForUpdate(tx, actor, documentId);
    // SPEC section 5: sharing needs MEDIUM or LARGE; a draft shared already saves on, whatever the plan is now.
    if (request.AccessLevel === 'shared' && draft.accessLevel !== 'shared') {
      await assertCanShareWithinAccount(tx, draft.accountId);
    }
    const existing = new Map((await listParties(tx, documentId)).map((party) => [party.id, party]));
    const keep: DocumentPartyRow[] = [];
    const insert: DocumentPartyRow[] = [];
    for (const party of request.Parties) {
      const values = {
        signatureIndex: party.SignatureIndex,
        // An editor that does not send the role (an older page) keeps the slot's role.
        ...(party.Role === undefined ? {} : { role: party.Role || null }),
        name: party.Name,
        email: party.Email || null,
        phone: party.Phone || null,
        invitationMethod: party.InvitationMethod,
        signatureType: party.SignatureType,
        message: party.Message || null,
        getPaid: party.GetPaid,
        // An editor that does not send them (an older page) keeps the slot's product and label.
        ...(party.PaymentProductId === undefined ? {} : { paymentProductId: party.PaymentProductId || null }),
        ...(party.GetPaidLabel === undefined ? {} : { getPaidLabel: party.GetPaidLabel || null }),
      };
      if (values.paymentProductId) await assertAccountProduct(tx, draft.accountId, values.paymentProductId);
      const current = party.Id ? existing.get(party.Id) : undefined;
      if (party.Id && !current) throw new AppError('VALIDATION_FAILED', { details: { reason: 'unknown-party' } });
      if (current) keep.push({ ...current, ...values });
      else insert.push({ ...emptyParty(documentId), ...values });
    }
    const keptIds = new Set(keep.map((party) => party.id));
    const removeIds = [...existing.keys()].filter((id) => !keptIds.has(id));
    await replaceParties(tx, documentId, { keep, insert, removeIds });
    await updateDocument(tx, documentId, {
      title: request.Title,
      ...(request.Language ? { language: request.Language } : {}),
      accessLevel: request.AccessLevel,
      settings: request.Settings,
      message: request.Message || null,
    });
    await refreshAccessMaps(tx, documentId, [...keep, ...insert]);
  });
  return loadDraft(db, documentId);
}

/** A party's progress before sending: nothing reserved, sent, opened, signed or paid. */
export const noPartyProgress = {
  reservedMinor: 0,
  reservedPlanSubscriptionId: null,
  contactUpdates: 0,
  remindersSent: 0,
  lastRemindedAt: null,
  openedAt: null,
  signedAt: null,
  paidAt: null,
} as const satisfies Partial<DocumentPartyRow>;

function emptyParty(documentId: string): DocumentPartyRow {
  return {
    id: newId('pty'),
    documentId,
    signatureIndex: 0,
    role: null,
    name: '',
    email: null,
    phone: null,
    invitationMethod: 'email',
    signatureType: 'e-signature',
    message: null,
    getPaid: false,
    paymentProductId: null,
    getPaidLabel: null,
    accessKey: newFieldAccessKey(),
    ...noPartyProgress,
    createdAt: new Date(),
  };
}

/** The file rules' access map: each party's slot → its access key (SPEC section 3, fieldAccessKey). */
export function accessMapOf(parties: Pick<DocumentPartyRow, 'signatureIndex' | 'accessKey'>[]) {
  return Object.fromEntries(parties.map((party) => [String(party.signatureIndex), party.accessKey]));
}

async function refreshAccessMaps(tx: Transaction, documentId: string, parties: DocumentPartyRow[]) {
  const access = accessMapOf(parties);
  for (const file of await listFiles(tx, documentId)) {
    await updateFile(tx, file.id, { rules: { ...file.rules, access } });
  }
}

/**
 * Discards a draft: gone from every list (deleted, with its history event); its stored files are removed once
 * the transaction holds, since a draft was never sent to anyone who could need them.
 */
export async function discardDraft(deps: { db: Database; storage: Storage }, actor: Actor, documentId: string) {
  const files = await deps.db.transaction(async (tx) => {
    await findDraftForUpdate(tx, actor, documentId);
    await updateDocument(tx, documentId, { deletedAt: new Date() });
    await appendDocumentEvent(tx, {
      documentId,
      type: 'deleted',
      data: { reason: 'draft-discarded', userId: actor.userId },
    });
    return listFiles(tx, documentId);
  });
  for (const file of files) await deps.storage.delete({ key: file.storageKey }).catch(() => undefined);
}

/** A party's product is one of the draft's account (another account's id is refused as unknown, as any bad id). */
async function assertAccountProduct(tx: Transaction, accountId: string, productId: string) {
  if (!(await findAccountProduct(tx, { accountId, productId }))) {
    throw new AppError('VALIDATION_FAILED', { details: { reason: 'unknown-payment-product' } });
  }
}
