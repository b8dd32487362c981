import type { IdScanEvidence, IdScanState } from '@signlink/contracts/id-scan/id-scan';
import type { IdScanImageRow, IdScanRow } from './id-scans.repository.ts';

export function presentIdScan(scan: IdScanRow, images: readonly IdScanImageRow[]): IdScanState {
  const has = (kind: IdScanImageRow['kind']) => images.some((image) => image.kind === kind);
  return {
    IdScanId: scan.id,
    SignatureIndex: scan.signatureIndex,
    Status: scan.status,
    DocumentType: scan.documentType ?? null,
    Received: { Front: has('document-front'), Back: has('document-back'), Face: has('face') },
    NeedsFace: scan.needsFace,
    ErrorCode: scan.status === 'failed' ? (scan.failureCode ?? 'SCAN_FAILED') : null,
    Evidence: evidenceOf(scan) ?? null,
  };
}

/** A passed scan's evidence (SPEC section 3, idDocument): what the slot keeps and the audit trail shows. */
export function evidenceOf(scan: IdScanRow): IdScanEvidence | undefined {
  if (scan.status !== 'passed' && !scan.usedAt) return undefined;
  if (!scan.documentType || !scan.vendorCheckId) return undefined;
  return {
    DocumentType: scan.documentType,
    IssuingCountry: scan.issuingCountry ?? '',
    NumberLast4: scan.numberLast4 ?? '',
    ExpiryDate: scan.expiryDate ?? '',
    NameRead: scan.nameRead ?? '',
    NameMatches: scan.nameMatches ?? false,
    LiveCheck: scan.livenessPassed ? 'passed' : 'not-run',
    FaceMatch: scan.faceMatchPassed ? 'passed' : 'not-run',
    VendorCheckId: scan.vendorCheckId,
  };
}
