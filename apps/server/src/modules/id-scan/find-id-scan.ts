import type { IdScanRequest } from '@signlink/contracts/id-scan/id-scan';
import { endIdScan } from './end-id-scan.ts';
import { presentIdScan } from './id-scan.presenter.ts';
import { type IdScanDeps, nowOf, requireOwnScan } from './id-scan-access.ts';
import { type IdScanRow, listIdScanImages } from './id-scans.repository.ts';
import { settleIdScan } from './settle-id-scan.ts';

/** The vendor's webhook usually settles a check within seconds; past this the poll asks the vendor itself. */
export const webhookGraceMs = 5_000;

/**
 * `GET links/{id}/idscan/{scanId}`: the scan's state, polled by the recipient's page while the check runs. A late
 * (or lost) webhook must not strand the recipient: once the check has run a few seconds, the poll asks the vendor
 * and settles the scan itself when the check is complete.
 */
export async function findIdScanState(
  deps: IdScanDeps,
  input: { linkId: string; requestToken: string; idScanId: string },
) {
  const { scan } = await requireOwnScan(deps, input);
  const current = await settleWhenLate(deps, scan);
  return presentIdScan(current, await listIdScanImages(deps.db, current.id));
}

async function settleWhenLate(deps: IdScanDeps, scan: IdScanRow): Promise<IdScanRow> {
  if (scan.status !== 'checking' || !scan.vendorCheckId || !scan.checkStartedAt) return scan;
  if (nowOf(deps).getTime() - scan.checkStartedAt.getTime() < webhookGraceMs) return scan;
  if (!deps.provider || deps.provider.vendor !== scan.vendor) return scan;
  const provider = deps.provider;
  const checkId = scan.vendorCheckId;
  // The poll answers with what we know when the vendor does not: the webhook or the next poll settles it.
  const outcome = await provider.readCheck({ checkId }).catch((error: unknown) => {
    deps.logger.warn({ idScanId: scan.id, err: error instanceof Error ? error.name : 'unknown' }, 'ID check not read');
    return undefined;
  });
  if (outcome?.status !== 'complete') return scan;
  return settleIdScan(deps, { scan, check: outcome });
}

/** `POST links/{id}/idscan/remove`: the recipient starts over or gives up; a scan that signed stays as it is. */
export async function removeIdScan(deps: IdScanDeps, input: { linkId: string; body: IdScanRequest }) {
  const { scan } = await requireOwnScan(deps, {
    linkId: input.linkId,
    requestToken: input.body.RequestToken,
    idScanId: input.body.IdScanId,
  });
  const ended = scan.status === 'removed' ? scan : await endIdScan(deps, scan);
  deps.logger.info({ idScanId: scan.id }, 'ID scan removed');
  return presentIdScan(ended, await listIdScanImages(deps.db, scan.id));
}
