import type { PaymentRecordSummary, VerifiedPaymentRecord } from '@signlink/contracts/documents/verification';
import type { Database } from '../../db/database.ts';
import { findPaymentRecordBySha256, listPaymentRecordsOfDocument } from './payment-record.repository.ts';

/**
 * The verify page's Sign & Pay part (README "Sign & Pay records"): a payment record is found by its bytes' hash (or
 * its signed revision's, as a document is); a sealed document lists its records.
 */
export async function findPaymentRecordOf(db: Database, hashes: string[]): Promise<VerifiedPaymentRecord | undefined> {
  for (const hash of hashes) {
    const found = await findPaymentRecordBySha256(db, hash);
    if (!found) continue;
    return {
      PaymentId: found.payment.id,
      DocumentId: found.document.id,
      DocumentName: found.document.title,
      DocumentSealedSha256: found.sealedSha256,
      Total: found.payment.totalMinor,
      Currency: found.payment.currency,
      PaidAt: found.payment.paidAt?.toISOString() ?? null,
      RecordSealedAt: found.payment.recordSealedAt?.toISOString() ?? null,
    };
  }
  return undefined;
}

export async function listPaymentRecordSummaries(db: Database, documentId: string): Promise<PaymentRecordSummary[]> {
  const rows = await listPaymentRecordsOfDocument(db, documentId);
  return rows.flatMap((row) =>
    row.recordSha256
      ? [
          {
            PaymentId: row.id,
            Total: row.totalMinor,
            Currency: row.currency,
            PaidAt: row.paidAt?.toISOString() ?? null,
            RecordSha256: row.recordSha256,
          },
        ]
      : [],
  );
}
