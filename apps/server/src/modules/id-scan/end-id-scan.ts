import { addDays } from './dates.ts';
import { type IdScanDeps, nowOf } from './id-scan-access.ts';
import { deleteIdScanImageFiles } from './id-scan-images.ts';
import { type IdScanRow, listIdScanImages, setImagesDeleteAfter, updateIdScanFrom } from './id-scans.repository.ts';

/**
 * A scan the recipient gave up or replaced: it is removed, its images deleted here at once (no check used them,
 * so there is nothing to keep), and its applicant at the vendor. A used scan stays: its signature rests on it.
 */
export async function endIdScan(deps: IdScanDeps, scan: IdScanRow): Promise<IdScanRow> {
  if (scan.usedAt) return scan;
  const now = nowOf(deps);
  const removed =
    (await updateIdScanFrom(deps.db, scan.id, ['collecting', 'checking', 'passed', 'failed'], { status: 'removed' })) ??
    scan;
  await deleteIdScanImageFiles(deps, await listIdScanImages(deps.db, scan.id), now);
  await deleteApplicant(deps, removed);
  return removed;
}

/**
 * After the check: the images are kept encrypted for the retention days (0 by default: deleted now), then the
 * purge job deletes them. The vendor's copy goes at once; what we keep of the check is the evidence.
 */
export async function releaseCheckedScan(deps: IdScanDeps, scan: IdScanRow) {
  const now = nowOf(deps);
  const days = deps.config.idScanImages.retentionDays;
  await setImagesDeleteAfter(deps.db, scan.id, addDays(now, days));
  if (days === 0) await deleteIdScanImageFiles(deps, await listIdScanImages(deps.db, scan.id), now);
  await deleteApplicant(deps, scan);
}

/** A failed deletion at the vendor is logged and left: the vendor's own retention ends it, and the scan is over. */
async function deleteApplicant(deps: IdScanDeps, scan: IdScanRow) {
  if (!deps.provider || deps.provider.vendor !== scan.vendor) return;
  try {
    await deps.provider.deleteApplicant({ applicantId: scan.vendorApplicantId });
  } catch (error) {
    deps.logger.warn(
      { idScanId: scan.id, err: error instanceof Error ? error.name : 'unknown' },
      'ID scan applicant not deleted at the vendor',
    );
  }
}
