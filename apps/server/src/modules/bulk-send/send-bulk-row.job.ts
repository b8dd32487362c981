import type { BrandId } from '@signlink/brands/brand-config';
import { z } from 'zod';
import type { Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { defineJob, type JobContext } from '../../jobs/job-definition.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { listDocumentParties } from '../document-core/document-parts.repository.ts';
import { findLiveDocument } from '../document-core/document-rows.repository.ts';
import { sendDocument } from '../documents/send-document.ts';
import { useTemplate } from '../templates/use-template.ts';
import { endRow, findBulkSend, findMember, findRow, setRowDocument } from './bulk-send.repository.ts';
import { checkRow } from './bulk-send-rows.ts';

/**
 * Issue 24, part 7: one CSV row of a confirmed bulk send becomes a document. As its author, who must still be a
 * member allowed to send: the template used (the draft kept on the row at once, so a retry sends that draft rather
 * than make another), then the draft sent as `POST linktinker/links` sends it, charging the balance for it. A
 * catalogue refusal (not enough balance now, the template gone) ends the row failed with its code; anything else
 * is retried, and the last attempt's failure ends it failed too.
 */
export const sendBulkRowJob = defineJob({
  id: 'bulk-send.send-row',
  schema: z.object({
    rowId: z.string().min(1).max(64),
    brand: z.enum(['signlink', 'pdfblankett'] satisfies BrandId[]),
  }),
  handler: async ({ data, context, isLastAttempt }) => {
    try {
      await sendRow(context, data);
    } catch (error) {
      if (!(error instanceof AppError) && !isLastAttempt) throw error;
      const code = error instanceof AppError ? error.code : 'SERVER_ERROR';
      await context.database.db.transaction((tx) =>
        endRow(tx, { rowId: data.rowId, status: 'failed', error: code, at: new Date() }),
      );
      context.logger.warn({ rowId: data.rowId, code }, 'Bulk send row failed');
    }
  },
  retry: { limit: 3, delaySeconds: 30, backoff: true },
  // Copying the template's files and sending: seconds, with room for storage.
  expireInSeconds: 120,
});

export async function enqueueBulkSendRow(queue: JobQueue, tx: Transaction, data: { rowId: string; brand: BrandId }) {
  await queue.enqueue({ job: sendBulkRowJob, data, tx, idempotencyKey: `bulk-send-row:${data.rowId}` });
}

async function sendRow(context: JobContext, data: { rowId: string; brand: BrandId }) {
  const { database, services } = context;
  const { db } = database;
  const row = await findRow(db, data.rowId);
  if (row?.status !== 'pending') return;
  const bulkSend = await findBulkSend(db, row.bulkSendId);
  if (bulkSend?.status !== 'sending' || !bulkSend.userId) throw new AppError('NOT_FOUND');
  const member = await findMember(db, { userId: bulkSend.userId, accountId: bulkSend.accountId });
  if (!member) throw new AppError('FORBIDDEN');
  const actor = {
    sessionId: `bulk-send:${bulkSend.id}`,
    userId: bulkSend.userId,
    accountId: bulkSend.accountId,
    ...member,
    delegate: null,
  };
  let documentId = row.documentId;
  if (!documentId) {
    const templateParties = await listDocumentParties(db, bulkSend.templateId);
    const { request } = checkRow(row.values, templateParties);
    documentId = (
      await useTemplate({ db, storage: services.storage }, { actor, templateId: bulkSend.templateId, request })
    ).ProjectId;
    await setRowDocument(db, row.id, documentId);
  }
  // A run that sent and then died before counting it finds the document sent already.
  const document = await findLiveDocument(db, { documentId });
  if (!document) throw new AppError('NOT_FOUND');
  if (document.state === 'draft') {
    await sendDocument({ database, queue: services.queue, messaging: services.messaging }, actor, {
      draftId: documentId,
      brand: data.brand,
    });
  }
  await database.db.transaction((tx) => endRow(tx, { rowId: row.id, status: 'sent', at: new Date() }));
}
