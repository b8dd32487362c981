import type { IdVerificationProvider } from '@signlink/providers/id-verification/id-verification.port';
import { IdVerificationError } from '@signlink/providers/id-verification/id-verification.port';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { Config } from '../../config/config.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { JobLogger } from '../../jobs/job-definition.ts';
import { listDocumentFiles, listDocumentParties, type PartyRow } from '../document-core/document-parts.repository.ts';
import { type LinkAccess, requireLinkAccess } from '../links/link-access-guard.ts';
import { assertDocumentOpen } from '../links/record-slot-signature.ts';
import { canUseSlot } from '../links/signing-state.ts';
import { findIdScan, type IdScanRow } from './id-scans.repository.ts';

export interface IdScanDeps {
  db: Database;
  secret: string;
  storage: Storage;
  /** Absent when no vendor is configured: every scan call is SERVICE_UNAVAILABLE. */
  provider: IdVerificationProvider | undefined;
  config: Pick<Config, 'sessionSecret' | 'idScanImages'>;
  /** Ids and codes only: never an image, a name or a document number (biometric data stays out of logs). */
  logger: Pick<JobLogger, 'info' | 'warn'>;
  now?: () => Date;
}

export const nowOf = (deps: Pick<IdScanDeps, 'now'>) => deps.now?.() ?? new Date();

/** The signature types an ID scan serves: type 5 (ID plus e-signature) and type 6 (ID with live check). */
const scanSlotTypes = ['id-e-signature', 'live-id'] as const;

export function requireProvider(deps: Pick<IdScanDeps, 'provider'>): IdVerificationProvider {
  if (!deps.provider) throw new AppError('SERVICE_UNAVAILABLE', { details: { reason: 'no-id-verification' } });
  return deps.provider;
}

/**
 * The recipient's slot a scan is for: their link's RequestToken, an open document, a slot of theirs (SPEC section 6)
 * that is type 5 or 6 and not yet signed.
 */
export async function requireScanSlot(
  deps: Pick<IdScanDeps, 'db' | 'secret' | 'provider'>,
  input: { linkId: string; requestToken: string; signatureIndex: number },
): Promise<{ access: LinkAccess; party: PartyRow; provider: IdVerificationProvider }> {
  const access = await requireLinkAccess(deps, input.linkId, input.requestToken);
  assertDocumentOpen(access.document);
  const rules = (await listDocumentFiles(deps.db, access.document.id)).map((file) => file.rules);
  const party = (await listDocumentParties(deps.db, access.document.id)).find(
    (row) => row.signatureIndex === input.signatureIndex,
  );
  if (!party) throw new AppError('NOT_FOUND', { details: { reason: 'no-such-signature-slot' } });
  if (!canUseSlot(rules, party.signatureIndex, access.fieldAccessKeys)) {
    throw new AppError('FORBIDDEN', { details: { reason: 'slot-of-another-party' } });
  }
  if (!(scanSlotTypes as readonly string[]).includes(party.signatureType)) {
    throw new AppError('SIGNATURE_METHOD_UNAVAILABLE', { details: { signatureType: party.signatureType } });
  }
  if (party.signedAt) throw new AppError('DOCUMENT_SAVE_FAILED', { details: { reason: 'slot-already-signed' } });
  return { access, party, provider: requireProvider(deps) };
}

/** A scan made through this very link; another link's, or an unknown id, is not found. */
export async function requireOwnScan(
  deps: Pick<IdScanDeps, 'db' | 'secret'>,
  input: { linkId: string; requestToken: string; idScanId: string },
): Promise<{ access: LinkAccess; scan: IdScanRow }> {
  const access = await requireLinkAccess(deps, input.linkId, input.requestToken);
  const scan = await findIdScan(deps.db, input.idScanId);
  if (!scan || scan.linkId !== access.link.id) throw new AppError('NOT_FOUND', { details: { reason: 'no-such-scan' } });
  return { access, scan };
}

/** A scan still taking images: one being checked, or over, takes none. */
export function assertCollecting(scan: IdScanRow) {
  if (scan.status !== 'collecting') throw new AppError('NOT_FOUND', { details: { reason: `scan-${scan.status}` } });
}

/**
 * The vendor's refusals as the catalogue's: unreachable is ours to retry later; a refused image is unreadable, and
 * where no image was sent (an applicant, a check) a refusal is the vendor's to explain, so unavailable too.
 */
export async function callVendor<T>(call: () => Promise<T>, options: { isImage?: boolean } = {}): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (options.isImage && error instanceof IdVerificationError && error.kind === 'rejected') {
      throw new AppError('SCAN_UNREADABLE', { details: { reason: 'vendor-rejected' }, cause: error });
    }
    throw new AppError('SERVICE_UNAVAILABLE', { details: { reason: 'id-verification-unavailable' }, cause: error });
  }
}
