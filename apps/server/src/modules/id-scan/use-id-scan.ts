import type { Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { evidenceOf } from './id-scan.presenter.ts';
import { lockIdScan, markIdScanUsed } from './id-scans.repository.ts';

/**
 * Inside a signature's transaction: the scan must be this slot's, made through this link, passed and not yet used;
 * it is marked used there and then, so one scan signs one slot once even when two signatures race. Returns what the
 * 'signed' event and the audit trail show of it: no image, no full number.
 */
export async function useIdScanForSignature(
  tx: Transaction,
  input: { idScanId: string; documentId: string; partyId: string; signatureIndex: number; linkId: string; at: Date },
) {
  const scan = await lockIdScan(tx, input.idScanId);
  const refuse = (reason: string) => new AppError('ID_SCAN_REQUIRED', { details: { reason } });
  if (
    !scan ||
    scan.documentId !== input.documentId ||
    scan.partyId !== input.partyId ||
    scan.signatureIndex !== input.signatureIndex ||
    scan.linkId !== input.linkId
  ) {
    throw refuse('scan-of-another-slot');
  }
  if (scan.status !== 'passed') throw refuse(`scan-${scan.status}`);
  if (scan.usedAt || !(await markIdScanUsed(tx, scan.id, input.at))) throw refuse('scan-used');
  const evidence = evidenceOf({ ...scan, usedAt: input.at });
  if (!evidence) throw refuse('scan-without-evidence');
  return evidence;
}
