import { createHash } from 'node:crypto';
import type { TimestampAuthority } from '@libpdf/core';
import { appendAuditTrailTo, copyAuditTrailOnly, saveAuditTrailOnly } from './audit-trail.ts';
import type { AuditTrailRequest, StampRequest } from './seal-input.ts';
import { type SealKey, sealSavedDocument } from './seal-pdf.ts';
import { stampIntoDocument } from './stamp-document.ts';

/**
 * The whole of sealing's PDF work (issue 7, parts 1 to 3), one task in a worker thread: stamp what the parties
 * filled and signed, append the audit trail with the stamped content's hash, then seal with a timestamp.
 */
export interface SealDocumentRequest {
  stamp: StampRequest;
  /** The audit trail without `finalSha256`: it is the hash of the stamped content, known only here. */
  auditTrail: Omit<AuditTrailRequest, 'finalSha256'>;
  key: SealKey;
  reason: string;
  location?: string;
}

export interface SealedDocument {
  sealed: Uint8Array;
  sealedSha256: string;
  finalContentSha256: string;
  auditTrail: Uint8Array;
  level: 'B-T' | 'B-LT';
  warnings: string[];
  pageCount: number;
}

export async function sealDocument(
  request: SealDocumentRequest,
  timestampAuthority: TimestampAuthority,
): Promise<SealedDocument> {
  const stamped = await stampIntoDocument(request.stamp);
  const finalContentSha256 = createHash('sha256').update(stamped.bytes).digest('hex');
  const auditTrailRequest: AuditTrailRequest = { ...request.auditTrail, finalSha256: finalContentSha256 };
  const withAuditTrail = await appendAuditTrailTo(stamped.doc, stamped.bytes, auditTrailRequest);
  // The audit trail alone is copied and written once the seal has asked the TSA, while its answer is on the way.
  let auditTrail: Promise<Uint8Array> | undefined;
  const writeAuditTrail = () => {
    auditTrail ??= copyAuditTrailOnly(stamped.doc, stamped.pageCount, auditTrailRequest).then(saveAuditTrailOnly);
    // Awaited after the seal; a failing seal must not leave it rejected unobserved.
    auditTrail.catch(() => undefined);
    return auditTrail;
  };
  const seal = await sealSavedDocument(stamped.doc, withAuditTrail, {
    key: request.key,
    timestampAuthority: {
      timestamp(digest, algorithm) {
        const token = timestampAuthority.timestamp(digest, algorithm);
        writeAuditTrail();
        return token;
      },
    },
    reason: request.reason,
    ...(request.location ? { location: request.location } : {}),
  });
  return {
    sealed: seal.bytes,
    sealedSha256: seal.sha256,
    finalContentSha256,
    auditTrail: await writeAuditTrail(),
    level: seal.level,
    warnings: seal.warnings,
    pageCount: stamped.pageCount,
  };
}
