import type { Readable } from 'node:stream';
import { settingsWithDefaults } from '@signlink/contracts/documents/document-model';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { readStored } from '../../lib/read-stored.ts';
import type { PdfPool } from '../../pdf/pdf-pool.ts';
import { listDocumentFiles } from '../document-core/document-parts.repository.ts';
import { findSeal } from '../sealing/seal.repository.ts';
import { readSealedFile } from '../sealing/sealed-files.ts';
import { requireLinkAccess } from './link-access-guard.ts';
import { findLinkSigningState } from './signing-state.ts';

type DownloadDeps = { db: Database; secret: string };

/**
 * Which file a recipient may download through their link (issue 8, part 8; SPEC AllowAlternativeDownload): only when
 * the document allows downloading; the sealed PDF once sealed; while parties still sign, the document as it was
 * sent (the plain download the old-browser page offers). Between the last signature and the seal, and after a seal
 * failed, neither: the unsigned original would pass for the signed document.
 */
export async function planLinkDownload(deps: DownloadDeps, linkId: string, requestToken: string) {
  const { link, document, fieldAccessKeys } = await requireLinkAccess(deps, linkId, requestToken);
  const settings = settingsWithDefaults(document.settings);
  if (!settings.allowDownloading) throw new AppError('FORBIDDEN', { details: { reason: 'downloads-not-allowed' } });
  const state = await findLinkSigningState(deps.db, { document, linkPartyId: link.partyId, fieldAccessKeys });
  if (state.state === 'completed' && state.sealedPdfAvailable) return { document, sealed: true } as const;
  if (state.state === 'open') return { document, sealed: false } as const;
  throw new AppError('DOCUMENT_NOT_SEALED', { details: { state: state.state } });
}

export async function openLinkDownload(
  deps: DownloadDeps & { storage: Storage; pdf: PdfPool },
  linkId: string,
  requestToken: string,
): Promise<{ fileName: string; body: Readable | Uint8Array }> {
  const { document, sealed } = await planLinkDownload(deps, linkId, requestToken);
  if (sealed) {
    const seal = await findSeal(deps.db, document.id);
    if (!seal?.sealedStorageKey) throw new AppError('DOCUMENT_NOT_SEALED');
    return { fileName: `${document.title}.pdf`, body: await deps.storage.get({ key: seal.sealedStorageKey }) };
  }
  const files = await listDocumentFiles(deps.db, document.id);
  const [only] = files;
  if (!only) throw new AppError('NOT_FOUND', { details: { reason: 'document-without-files' } });
  if (files.length === 1) {
    return { fileName: `${document.title}.pdf`, body: await deps.storage.get({ key: only.storageKey }) };
  }
  // Several files are signed as one PDF (sealing merges them the same way), so the copy is one PDF too.
  const merged = await deps.pdf.merge(
    await Promise.all(files.map((file) => readStored(deps.storage, file.storageKey))),
    `link:${linkId}`,
  );
  return { fileName: `${document.title}.pdf`, body: merged.bytes };
}

/**
 * The audit trail of the link's completed document. Every party may have it, whether or not the document allows
 * downloading: it holds no page of the document, only the record of who signed it and when.
 */
export async function openLinkAuditTrail(
  deps: DownloadDeps & { storage: Storage },
  linkId: string,
  requestToken: string,
) {
  const { document } = await requireLinkAccess(deps, linkId, requestToken);
  return readSealedFile(deps, { document, kind: 'audit-trail' });
}
