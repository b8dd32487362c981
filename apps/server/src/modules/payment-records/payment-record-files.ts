import { createTranslator } from '@signlink/i18n/create-translator';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { findDocumentForActor } from '../document-core/document-access.ts';
import { documentLocaleOf } from '../document-core/document-locale.ts';
import type { DocumentRow } from '../document-core/document-rows.repository.ts';
import { requireLinkAccess } from '../links/link-access-guard.ts';
import { findPaymentOfDocument } from '../sign-pay/payment-record.repository.ts';

type FileDeps = { db: Database; storage: Storage };
type RecordDocument = Pick<DocumentRow, 'id' | 'title' | 'language' | 'settings'>;

/**
 * The sender's side: whoever may see the document may download its payment records, as its sealed files
 * (sealed-files.ts).
 */
export async function openPaymentRecord(
  deps: FileDeps,
  input: { actor: Actor; documentId: string; signPayPaymentId: string },
) {
  const document = await findDocumentForActor(deps.db, {
    actor: input.actor,
    documentId: input.documentId,
    action: 'document.view',
  });
  return readPaymentRecord(deps, { document, signPayPaymentId: input.signPayPaymentId });
}

/**
 * The paying party's own record through their link; another party's payment is NOT_FOUND to them (it names the
 * payer's e-mail), as is a payment of another document.
 */
export async function openLinkPaymentRecord(
  deps: FileDeps & { secret: string },
  input: { linkId: string; requestToken: string; signPayPaymentId: string },
) {
  const { link, document } = await requireLinkAccess(deps, input.linkId, input.requestToken);
  return readPaymentRecord(deps, {
    document,
    signPayPaymentId: input.signPayPaymentId,
    partyId: link.partyId ?? 'no party',
  });
}

async function readPaymentRecord(
  { db, storage }: FileDeps,
  input: { document: RecordDocument; signPayPaymentId: string; partyId?: string },
) {
  const payment = await findPaymentOfDocument(db, {
    documentId: input.document.id,
    signPayPaymentId: input.signPayPaymentId,
  });
  if (!payment || (input.partyId !== undefined && payment.partyId !== input.partyId)) {
    throw new AppError('NOT_FOUND', { details: { resource: 'payment' } });
  }
  if (!payment.recordStorageKey)
    throw new AppError('DOCUMENT_NOT_SEALED', { details: { reason: 'no-payment-record' } });
  // Named in the document's language, as the record is written.
  const t = createTranslator(documentLocaleOf(input.document));
  return {
    fileName: `${input.document.title} - ${t('sealing:paymentRecord.title')}.pdf`,
    body: await storage.get({ key: payment.recordStorageKey }),
  };
}
