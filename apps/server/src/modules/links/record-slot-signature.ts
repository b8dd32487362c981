import { createHash } from 'node:crypto';
import type { BrandId } from '@signlink/brands/brand-config';
import type { InkSignature, SignatureMethod, TypedInk } from '@signlink/pdf/sealing/seal-input';
import type { Database, DatabaseHandle, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { canonicalJson } from '../document-core/canonical-json.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import { listDocumentFiles, listDocumentParties, type PartyRow } from '../document-core/document-parts.repository.ts';
import { inviteWaitingParties } from '../documents/invite-waiting-parties.ts';
import type { MessagingContext } from '../messaging/messaging-context.ts';
import { enqueueInviteVisitParties } from '../public-links/public-link-visits.job.ts';
import { findSeal } from '../sealing/seal.repository.ts';
import { enqueueSealDocument } from '../sealing/seal-document.job.ts';
import {
  type DocumentRow,
  findSessionUserEmail,
  insertSignature,
  listDocumentSignatures,
  lockDocument,
  markPartySigned,
} from './link-signatures.repository.ts';
import { canUseSlot, type LinkSigningState, signingStateOf } from './signing-state.ts';
import { checkSlotFormValues } from './slot-form-values.ts';

export interface RecordSlotSignatureDeps {
  db: Database;
  queue: JobQueue;
  /** To invite the parties that waited for the first one's signature (sign and send, issue 24 part 5). */
  database: DatabaseHandle;
  messaging: MessagingContext;
}

export interface SlotSignatureInput {
  documentId: string;
  /** The recipient's fieldAccessKeys, from their RequestToken's link (SPEC section 6). */
  fieldAccessKeys: string[];
  signatureIndex: number;
  method: SignatureMethod;
  /**
   * Types 5 and 6: the passed scan of this slot the signature rests on. `claim` checks and uses it inside the
   * signature's transaction and answers what the 'signed' event shows of it; the ID-scan module hands it in, so this
   * module does not depend on that one (which signs through this one).
   */
  idScan?: { id: string; claim: (tx: Transaction, slot: IdScanSlot) => Promise<object> };
  /**
   * What makes two requests one submission: the same key is a retry and answers as the first did; another key for
   * a signed slot is a second signature and is refused. Ink: a hash of what was drawn and filled; BankID: the order.
   */
  submissionKey: string;
  /** BankID's proven name; for ink the party's name is used unless a clarified name is given. */
  signerName?: string;
  clarifiedName?: string;
  personalNumber?: string;
  /** An ink signature's look: drawn strokes, or the name typed. */
  ink?: InkSignature | TypedInk;
  formValues: Record<string, string | boolean>;
  ipAddress: string | null;
  userAgent: string | null;
  /** The signed-in user whose session the signing browser carried, if any (issue 20). */
  sessionUserId: string | null;
  timeZoneOffsetMinutes: number;
  /** The brand the signing browser is on: the invitations of parties waiting for this signature speak for it. */
  brand: BrandId;
}

/** The signature type each method signs (SPEC section 3): ink e-signature, BankID BankID, the ID-scan methods 5 and 6. */
const slotTypeOfMethod = {
  ink: 'e-signature',
  bankid: 'bankid',
  'ink-with-id': 'id-e-signature',
  'id-live': 'live-id',
} as const satisfies Record<SignatureMethod, string>;

/**
 * Issue 8, parts 6 and 9: one signature of one slot, by ink, BankID or an ID scan. In one transaction holding the
 * document's row lock: the document must still be open, the slot this recipient's and of this method's type, unsigned
 * (or signed by this very submission, a network retry, which answers the same and records nothing more), an ID-scan
 * method's scan passed, of this slot and unused (it is used here); then the signature row, the party's signed time and the 'signed' history event, and, when it was the last unsigned slot,
 * the seal job, which runs only if all of it commits.
 */
export async function recordSlotSignature(
  deps: RecordSlotSignatureDeps,
  input: SlotSignatureInput,
): Promise<LinkSigningState> {
  const signatureId = signatureIdOf(input.documentId, input.submissionKey);
  return deps.db.transaction(async (tx) => {
    const document = await lockDocument(tx, input.documentId);
    if (!document) throw new AppError('INVALID_LINK');
    const snapshot = await loadSnapshot(tx, document);
    const stateNow = async () =>
      signingStateOf({
        ...(await loadSnapshot(tx, (await lockDocument(tx, document.id)) ?? document)),
        seal: await findSeal(tx, document.id),
        fieldAccessKeys: input.fieldAccessKeys,
      });

    const slot = slotToSign(snapshot, { ...input, signatureId });
    if (slot.isRecorded) return stateNow();
    const { party } = slot;
    const formValues = checkSlotFormValues(snapshot.rules, party.signatureIndex, input.formValues);

    const signedAt = new Date();
    const idScan = await idScanOfSignature(tx, input, { documentId: document.id, party, at: signedAt });
    const signingSession = {
      userId: input.sessionUserId,
      email: input.sessionUserId ? await findSessionUserEmail(tx, input.sessionUserId) : null,
    };
    const inserted = await insertSignature(tx, {
      id: signatureId,
      documentId: document.id,
      partyId: party.id,
      signatureIndex: party.signatureIndex,
      method: input.method,
      signerName: input.signerName?.trim() || input.clarifiedName || party.name.trim() || party.email || '',
      clarifiedName: input.clarifiedName ?? null,
      personalNumber: input.personalNumber ?? null,
      ink: input.ink ?? null,
      formValues,
      ipAddress: input.ipAddress,
      userAgent: input.userAgent?.slice(0, 1000) ?? null,
      signingSession,
      timeZoneOffsetMinutes: input.timeZoneOffsetMinutes,
      idScanId: input.idScan?.id ?? null,
      signedAt,
    });
    // The row lock makes this unreachable; the unique slot index is the last word if it ever is not.
    if (!inserted) throw new AppError('DOCUMENT_SAVE_FAILED', { details: { reason: 'slot-already-signed' } });
    await markPartySigned(tx, party.id, signedAt);
    await appendDocumentEvent(tx, {
      documentId: document.id,
      type: 'signed',
      at: signedAt,
      data: {
        partyId: party.id,
        signatureIndex: party.signatureIndex,
        method: input.method,
        ...(input.ink ? { appearance: 'typed' in input.ink ? 'typed' : 'drawn' } : {}),
        ...(signingSession.email ? { signedInAs: signingSession.email } : {}),
        ...(idScan ? { idScan } : {}),
      },
    });
    const isLast = snapshot.parties.every((row) => row.id === party.id || row.signedAt !== null);
    if (isLast) await enqueueSealDocument(deps.queue, tx, document.id);
    // A public link's visitor signed their visit: the parties they named are invited now, not before.
    else if (document.publicLinkId && party.signatureIndex === 0) {
      await enqueueInviteVisitParties(deps.queue, tx, document.id);
    }
    // Sign and send: the sender signed first; the others, who have no link yet, are invited now.
    else if (party.id === snapshot.parties[0]?.id) {
      await inviteWaitingParties(deps, tx, { documentId: document.id, brand: input.brand, at: signedAt });
    }
    return stateNow();
  });
}

/**
 * The same rules without writing: a BankID signature checks them before the order starts and before it is
 * consumed, so a person does not sign in the app for a slot that would then be refused.
 */
export async function assertSlotSignable(
  db: Database,
  input: Pick<SlotSignatureInput, 'fieldAccessKeys' | 'signatureIndex' | 'method'> & {
    document: DocumentRow;
    submissionKey?: string;
  },
): Promise<void> {
  const snapshot = await loadSnapshot(db, input.document);
  const signatureId = input.submissionKey ? signatureIdOf(input.document.id, input.submissionKey) : undefined;
  slotToSign(snapshot, { ...input, signatureId });
}

type Snapshot = Awaited<ReturnType<typeof loadSnapshot>>;

async function loadSnapshot(db: Database | Transaction, document: DocumentRow) {
  const files = await listDocumentFiles(db, document.id);
  return {
    document,
    rules: files.map((file) => file.rules),
    parties: await listDocumentParties(db, document.id),
    signatures: await listDocumentSignatures(db, document.id),
  };
}

/** The slot's party when this recipient may sign it now by this method; recorded when this submission already did. */
function slotToSign(
  snapshot: Snapshot,
  input: Pick<SlotSignatureInput, 'fieldAccessKeys' | 'signatureIndex' | 'method'> & { signatureId?: string },
): { isRecorded: true } | { isRecorded: false; party: PartyRow } {
  const existing = snapshot.signatures.find((row) => row.signatureIndex === input.signatureIndex);
  if (existing && existing.id === input.signatureId) return { isRecorded: true };
  assertDocumentOpen(snapshot.document);
  const party = snapshot.parties.find((row) => row.signatureIndex === input.signatureIndex);
  if (!party) throw new AppError('NOT_FOUND', { details: { reason: 'no-such-signature-slot' } });
  if (!canUseSlot(snapshot.rules, party.signatureIndex, input.fieldAccessKeys)) {
    throw new AppError('FORBIDDEN', { details: { reason: 'slot-of-another-party' } });
  }
  assertMethodFitsSlot(input.method, party);
  if (existing || party.signedAt) {
    throw new AppError('DOCUMENT_SAVE_FAILED', { details: { reason: 'slot-already-signed' } });
  }
  return { isRecorded: false, party };
}

/** One id per submission: a retry computes the same and finds its row. */
function signatureIdOf(documentId: string, submissionKey: string): string {
  return `sig_${createHash('sha256').update(`${documentId}\n${submissionKey}`).digest('base64url').slice(0, 22)}`;
}

/** Only an active document takes signatures and ID scans (SPEC section 4): each ending has its catalogue message. */
export function assertDocumentOpen(document: Pick<DocumentRow, 'state'>) {
  if (document.state === 'active') return;
  if (document.state === 'withdrawn') throw new AppError('DOCUMENT_WITHDRAWN');
  if (document.state === 'completed') throw new AppError('DOCUMENT_COMPLETED');
  throw new AppError('DOCUMENT_NOT_OPEN', { details: { state: document.state } });
}

function assertMethodFitsSlot(method: SlotSignatureInput['method'], party: PartyRow) {
  if (slotTypeOfMethod[method] !== party.signatureType) {
    throw new AppError('VALIDATION_FAILED', {
      details: { reason: 'wrong-signature-method', slotType: party.signatureType, method },
    });
  }
}

/** The slot a scan is claimed for. */
export interface IdScanSlot {
  documentId: string;
  partyId: string;
  signatureIndex: number;
  at: Date;
}

/** An ID-scan method's scan, checked and used in the signature's transaction; nothing for the other methods. */
async function idScanOfSignature(
  tx: Transaction,
  input: Pick<SlotSignatureInput, 'method' | 'idScan'>,
  slot: { documentId: string; party: PartyRow; at: Date },
) {
  if (input.method !== 'ink-with-id' && input.method !== 'id-live') return undefined;
  if (!input.idScan) throw new AppError('ID_SCAN_REQUIRED', { details: { reason: 'no-scan' } });
  return input.idScan.claim(tx, {
    documentId: slot.documentId,
    partyId: slot.party.id,
    signatureIndex: slot.party.signatureIndex,
    at: slot.at,
  });
}

/** An ink submission's identity: what was drawn, filled and named, so a resent request is the same submission. */
export function inkSubmissionKey(input: {
  signatureIndex: number;
  ink: InkSignature | TypedInk;
  formValues: Record<string, string | boolean>;
  clarifiedName?: string;
}): string {
  return `ink:${createHash('sha256').update(canonicalJson(input)).digest('hex')}`;
}
