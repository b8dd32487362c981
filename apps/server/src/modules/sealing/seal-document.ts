import type { BrandId } from '@signlink/brands/brand-config';
import type { SealedDocument } from '@signlink/pdf/sealing/seal-document';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { DatabaseHandle } from '../../db/database.ts';
import { PermanentJobError } from '../../jobs/job-definition.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { brandName, brandOf } from '../document-core/document-brand.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import { findDocumentLocked } from '../document-core/document-parts.repository.ts';
import type { MessagingContext } from '../messaging/messaging-context.ts';
import { enqueuePaymentRecordsAfterSeal } from '../sign-pay/seal-payment-record.job.ts';
import { queueCompletionMessages } from './completion-messages.ts';
import {
  findSeal,
  loadSealSource,
  markDocumentCompleted,
  markSealed,
  recordSealAttempt,
  recordSealedFile,
  recordSealFailure,
} from './seal.repository.ts';
import { buildSealRequest } from './seal-request.ts';

/**
 * Issue 7, part 5: a fully signed document becomes a sealed PDF, and only then completed. Two steps, each
 * recorded when done, so a run killed anywhere resumes and finishes once:
 *   1. make and store the sealed PDF (the PDF worker; the slow, failure-prone part: the TSA may be down);
 *   2. in one transaction: the "completed and sealed" event, every party's and the owner's notice (outbox), the
 *      completed state.
 */
export interface SealingDeps {
  database: DatabaseHandle;
  storage: Storage;
  queue: JobQueue;
  messaging: MessagingContext;
  /** Runs the PDF work in a worker thread with the seal key and the TSA; the server's pool does. */
  sealPdf(request: SealPdfRequest): Promise<SealedDocument>;
}
export type SealPdfRequest = Awaited<ReturnType<typeof buildSealRequest>>;

export type SealOutcome = 'sealed' | 'already-sealed' | 'not-ready';

export async function sealSignedDocument(
  deps: SealingDeps,
  input: { documentId: string; isLastAttempt?: boolean; now?: () => Date },
): Promise<SealOutcome> {
  const now = input.now ?? (() => new Date());
  const { db } = deps.database;
  const source = await loadSealSource(db, input.documentId);
  if (!source) return 'not-ready';
  if (source.document.state === 'completed') return 'already-sealed';
  const fullySigned =
    source.document.state === 'active' &&
    source.parties.length > 0 &&
    source.parties.every((party) => party.signedAt) &&
    source.parties.every((party) => source.signatures.some((s) => s.signatureIndex === party.signatureIndex));
  if (!fullySigned) return 'not-ready';

  const seal = await recordSealAttempt(db, input.documentId, now());
  const brand = await brandOf(deps, input.documentId);
  try {
    const sealedSha256 = seal.sealedSha256 ?? (await storeSealedPdf(deps, source, brand));
    return await completeSealedDocument(deps, { documentId: input.documentId, brand, sealedSha256, at: now() });
  } catch (error) {
    // A failure that says asking again will not help (a revoked seal certificate; the pool's SealRefusedError)
    // fails the seal now, rather than after half an hour of retries that would each fetch the same revocation.
    const isPermanent = (error as { isRetryable?: unknown }).isRetryable === false;
    const gaveUp = isPermanent || (input.isLastAttempt ?? false);
    const at = now();
    await db.transaction(async (tx) => {
      await recordSealFailure(tx, input.documentId, { error: (error as Error).message, gaveUp, at });
      // The owner now sees "error": the history says when, once per failure (a retry that fails again says it again).
      // Not why: the history is shown to everyone who may see the document, and the error is ours to read.
      if (gaveUp && seal.status !== 'failed') {
        await appendDocumentEvent(tx, {
          documentId: input.documentId,
          type: 'seal-failed',
          at,
          data: { attempts: seal.attempts },
        });
      }
    });
    throw isPermanent ? new PermanentJobError((error as Error).message, { cause: error }) : error;
  }
}

/** Step 1; answers the sealed file's hash. Storage keys carry the hash, so a retry that seals anew never overwrites what a party may hold. */
export async function storeSealedPdf(
  deps: SealingDeps,
  source: NonNullable<Awaited<ReturnType<typeof loadSealSource>>>,
  brand: BrandId,
): Promise<string> {
  const baseUrl = deps.messaging.publicUrls.forBrand(brand);
  const request = await buildSealRequest(source, {
    storage: deps.storage,
    verificationUrl: `${baseUrl}/#/verify`,
    brandName: brandName(brand),
  });
  const sealed = await deps.sealPdf(request);
  const documentId = source.document.id;
  const sealedKey = `documents/${documentId}/sealed-${sealed.sealedSha256.slice(0, 16)}.pdf`;
  const auditKey = `documents/${documentId}/audit-trail-${sealed.sealedSha256.slice(0, 16)}.pdf`;
  const stored = await deps.storage.put({ key: sealedKey, body: sealed.sealed, contentType: 'application/pdf' });
  await deps.storage.put({ key: auditKey, body: sealed.auditTrail, contentType: 'application/pdf' });
  await recordSealedFile(
    deps.database.db,
    documentId,
    {
      sealedStorageKey: sealedKey,
      sealedSha256: stored.sha256,
      sealedByteSize: stored.size,
      auditTrailStorageKey: auditKey,
      finalContentSha256: sealed.finalContentSha256,
    },
    new Date(),
  );
  return stored.sha256;
}

/** Step 2, all or nothing: nobody hears of a completion that did not happen, nor misses one that did. */
export async function completeSealedDocument(
  deps: SealingDeps,
  input: { documentId: string; brand: BrandId; sealedSha256: string; at: Date },
): Promise<SealOutcome> {
  return deps.database.db.transaction(async (tx) => {
    const document = await findDocumentLocked(tx, input.documentId);
    if (!document || document.state === 'completed') return 'already-sealed';
    await appendDocumentEvent(tx, {
      documentId: input.documentId,
      type: 'completed-and-sealed',
      at: input.at,
      data: { sealedSha256: input.sealedSha256 },
    });
    await queueCompletionMessages({ database: deps.database, queue: deps.queue, messaging: deps.messaging }, tx, {
      document,
      brand: input.brand,
      seal: await findSeal(tx, input.documentId),
    });
    // A payment that was paid while the seal was still being made waits for it no longer than its retries last.
    await enqueuePaymentRecordsAfterSeal(deps.queue, tx, input.documentId);
    await markSealed(tx, input.documentId, input.at);
    await markDocumentCompleted(tx, input.documentId, input.at);
    return 'sealed';
  });
}
