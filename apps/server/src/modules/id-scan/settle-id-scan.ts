import type { CheckOutcome } from '@signlink/providers/id-verification/id-verification.port';
import { listDocumentParties } from '../document-core/document-parts.repository.ts';
import { releaseCheckedScan } from './end-id-scan.ts';
import { type IdScanDeps, nowOf } from './id-scan-access.ts';
import { findIdScan, type IdScanRow, updateIdScanFrom } from './id-scans.repository.ts';
import { judgeIdCheck } from './judge-id-check.ts';

/**
 * A checking scan whose vendor check is complete gets its verdict, exactly once: the webhook and the state poll may
 * both arrive with the answer, and only the update that moves the scan out of `checking` writes it and releases the
 * images and the vendor's applicant. Returns the scan as it now is.
 */
export async function settleIdScan(
  deps: IdScanDeps,
  input: { scan: IdScanRow; check: Extract<CheckOutcome, { status: 'complete' }> },
): Promise<IdScanRow> {
  const { scan, check } = input;
  if (scan.status !== 'checking') return scan;
  const now = nowOf(deps);
  const party = (await listDocumentParties(deps.db, scan.documentId)).find((row) => row.id === scan.partyId);
  const verdict = judgeIdCheck({
    check,
    declaredType: scan.documentType,
    needsFace: scan.needsFace,
    partyName: party?.name ?? '',
    now,
  });
  const settled = await updateIdScanFrom(
    deps.db,
    scan.id,
    ['checking'],
    verdict.passed
      ? { status: 'passed', completedAt: now, ...verdict.evidence }
      : { status: 'failed', completedAt: now, failureCode: verdict.code, failureReason: verdict.reason },
  );
  if (!settled) return (await findIdScan(deps.db, scan.id)) ?? scan;
  deps.logger.info(
    { idScanId: scan.id, checkId: check.checkId, ...(verdict.passed ? { status: 'passed' } : { code: verdict.code }) },
    'ID scan settled',
  );
  await releaseCheckedScan(deps, settled);
  return settled;
}
