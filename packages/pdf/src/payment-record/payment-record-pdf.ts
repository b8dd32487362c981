import type { TimestampAuthority } from '@libpdf/core';
import { type BillingDocumentPdfInput, renderBillingDocumentPdf } from '../billing/billing-document-pdf.ts';
import { type SealKey, sealPdf } from '../sealing/seal-pdf.ts';

/**
 * A Sign & Pay payment's record (SPEC section 4, payment; README "Sign & Pay records"): a PDF of its own, drawn on
 * the page receipts share and sealed as the document is (PAdES with an RFC 3161 timestamp), naming the payment and
 * the SHA-256 of the sealed document it pays for. The texts come translated and the amounts formatted.
 */
export interface PaymentRecordSealRequest {
  page: BillingDocumentPdfInput;
  key: SealKey;
  reason: string;
  location?: string;
}

export interface SealedPaymentRecord {
  bytes: Uint8Array;
  sha256: string;
  level: 'B-T' | 'B-LT';
}

export async function sealPaymentRecordPdf(
  request: PaymentRecordSealRequest,
  timestampAuthority: TimestampAuthority,
): Promise<SealedPaymentRecord> {
  const drawn = await renderBillingDocumentPdf(request.page);
  const sealed = await sealPdf(drawn, {
    key: request.key,
    timestampAuthority,
    reason: request.reason,
    ...(request.location ? { location: request.location } : {}),
  });
  return { bytes: sealed.bytes, sha256: sealed.sha256, level: sealed.level };
}
