import type { DocumentSummary } from '@signlink/contracts/documents/documents';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { PolicyActor } from '../document-core/account.policy.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import { findSentDocumentForActor, loadDocumentSummary } from '../documents/documents.service.ts';
import { resetFailedSeal } from './seal.repository.ts';
import { enqueueSealDocument } from './seal-document.job.ts';

export interface RetrySealDeps {
  db: Database;
  queue: JobQueue;
}

/**
 * Issue 7, part 5: after the job's own retries gave up (the seal is "failed", the owner sees "error"), whoever manages
 * the document starts it again once the cause is fixed (a TSA back up). The reset and the job commit together, so a
 * seal is never left pending without a job to finish it, nor queued while still shown as failed. Writes 'seal-retried'
 * with who started it.
 */
export async function retrySeal(
  deps: RetrySealDeps,
  input: { actor: PolicyActor; documentId: string; now?: Date },
): Promise<DocumentSummary> {
  const { actor, documentId } = input;
  return deps.db.transaction(async (tx) => {
    const document = await findSentDocumentForActor(tx, {
      actor,
      documentId,
      action: 'document.manage',
      forUpdate: true,
    });
    // The job seals only an active, fully signed document: a withdrawn or expired one would stay pending for ever.
    if (document.state !== 'active') {
      throw new AppError(document.state === 'completed' ? 'SEAL_NOT_FAILED' : 'DOCUMENT_NOT_OPEN');
    }
    const at = input.now ?? new Date();
    const seal = await resetFailedSeal(tx, documentId, at);
    if (!seal) throw new AppError('SEAL_NOT_FAILED');
    await appendDocumentEvent(tx, { documentId, type: 'seal-retried', at, data: { userId: actor.userId } });
    // Each failed run counted an attempt, so every retry has a key of its own (`seal:…` is held for days).
    await enqueueSealDocument(deps.queue, tx, documentId, `seal-retry:${documentId}:${seal.attempts}`);
    return loadDocumentSummary(tx, actor, documentId);
  });
}
