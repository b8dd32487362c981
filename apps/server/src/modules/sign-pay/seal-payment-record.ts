import { createTranslator } from '@signlink/i18n/create-translator';
import type { PaymentRecordSealRequest, SealedPaymentRecord } from '@signlink/pdf/payment-record/payment-record-pdf';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { DatabaseHandle } from '../../db/database.ts';
import { brandName, brandOf } from '../document-core/document-brand.ts';
import { documentLocaleOf } from '../document-core/document-locale.ts';
import type { MessagingContext } from '../messaging/messaging-context.ts';
import { findPaymentForRecord, recordPaymentRecord } from './payment-record.repository.ts';
import { paymentRecordPage } from './payment-record-pdf.ts';

/**
 * The sealed payment record of a paid Sign & Pay payment (README "Sign & Pay records"): a second sealed PDF, beside
 * the sealed document, naming the document's sealed SHA-256 and the payment. Made once the payment is paid and the
 * document sealed; a run before the seal waits (the job retries), a run after the record was made does nothing.
 */
export interface PaymentRecordDeps {
  database: DatabaseHandle;
  storage: Storage;
  messaging: Pick<MessagingContext, 'publicUrls'>;
  /** Draws and seals in a PDF worker thread with the seal key and the TSA; the server's pool does. */
  sealRecord(request: Omit<PaymentRecordSealRequest, 'key'>): Promise<SealedPaymentRecord>;
}

export type PaymentRecordOutcome = 'sealed' | 'already-made' | 'not-paid' | 'no-payment';

/** Thrown while the document is not sealed yet: an ordinary failure, so the job's retries wait for the seal. */
export class DocumentNotSealedYetError extends Error {
  readonly isRetryable = true;

  constructor(documentId: string) {
    super(`the payment record waits for document ${documentId} to be sealed`);
    this.name = 'DocumentNotSealedYetError';
  }
}

export async function sealPaymentRecord(
  deps: PaymentRecordDeps,
  input: { signPayPaymentId: string; now?: () => Date },
): Promise<PaymentRecordOutcome> {
  const now = input.now ?? (() => new Date());
  const { db } = deps.database;
  const found = await findPaymentForRecord(db, input.signPayPaymentId);
  if (!found) return 'no-payment';
  if (found.payment.recordStorageKey) return 'already-made';
  // Paid only: a refunded payment (it arrived after the document was withdrawn) never gets a record of its own.
  if (found.payment.status !== 'paid' || !found.payment.paidAt) return 'not-paid';
  const sealedSha256 = found.seal?.status === 'sealed' ? found.seal.sealedSha256 : null;
  if (!sealedSha256) throw new DocumentNotSealedYetError(found.document.id);

  const brand = await brandOf(deps, found.document.id);
  const name = brandName(brand);
  const locale = documentLocaleOf(found.document);
  const t = createTranslator(locale);
  const sealed = await deps.sealRecord({
    page: paymentRecordPage(
      { ...found, sealedSha256, paidAt: found.payment.paidAt },
      { locale, brandName: name, verificationUrl: `${deps.messaging.publicUrls.forBrand(brand)}/#/verify` },
    ),
    reason: t('sealing:paymentRecord.reason', { brand: name }),
    location: t('sealing:seal.location', { brand: name }),
  });
  // The key carries the hash: a run that lost a race stores beside the winner's file, never over it.
  const storageKey = `documents/${found.document.id}/payment-record-${found.payment.id}-${sealed.sha256.slice(0, 16)}.pdf`;
  const stored = await deps.storage.put({ key: storageKey, body: sealed.bytes, contentType: 'application/pdf' });
  const isFirst = await recordPaymentRecord(db, found.payment.id, { storageKey, sha256: stored.sha256, at: now() });
  return isFirst ? 'sealed' : 'already-made';
}
