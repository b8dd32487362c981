import { type IdScanRequest, type IdScanSide, idDocumentSides } from '@signlink/contracts/id-scan/id-scan';
import { AppError } from '../../errors.ts';
import { assertDocumentOpen } from '../links/record-slot-signature.ts';
import { presentIdScan } from './id-scan.presenter.ts';
import {
  assertCollecting,
  callVendor,
  type IdScanDeps,
  nowOf,
  requireOwnScan,
  requireProvider,
} from './id-scan-access.ts';
import { listIdScanImages, updateIdScanFrom } from './id-scans.repository.ts';

/**
 * `POST links/{id}/idscan/apply`: every image the document type (and, for type 6, the live check) needs is in; the
 * vendor's check starts and the scan is checking until its webhook, or the state poll, settles it.
 */
export async function applyIdScan(deps: IdScanDeps, input: { linkId: string; body: IdScanRequest }) {
  const { access, scan } = await requireOwnScan(deps, {
    linkId: input.linkId,
    requestToken: input.body.RequestToken,
    idScanId: input.body.IdScanId,
  });
  assertDocumentOpen(access.document);
  assertCollecting(scan);
  const provider = requireProvider(deps);
  const images = await listIdScanImages(deps.db, scan.id);
  const sides: readonly IdScanSide[] = scan.documentType ? idDocumentSides[scan.documentType] : ['front'];
  const documentImages = sides.map((side) =>
    images.find((image) => image.kind === (side === 'front' ? 'document-front' : 'document-back')),
  );
  const missing = [
    ...(scan.documentType ? [] : ['DocumentType']),
    ...sides.filter((_side, index) => !documentImages[index]).map((side) => `Document.${side}`),
    ...(scan.needsFace && !images.some((image) => image.kind === 'face') ? ['Face'] : []),
  ];
  if (missing.length > 0) throw new AppError('MANDATORY_FIELDS_MISSING', { details: { fields: missing } });

  const { checkId } = await callVendor(() =>
    provider.startCheck({
      applicantId: scan.vendorApplicantId,
      documentIds: documentImages.flatMap((image) => (image ? [image.vendorFileId] : [])),
      withFace: scan.needsFace,
    }),
  );
  const checking = await updateIdScanFrom(deps.db, scan.id, ['collecting'], {
    status: 'checking',
    vendorCheckId: checkId,
    checkStartedAt: nowOf(deps),
  });
  // Another apply of the same scan won the race: its check is the one the scan waits for.
  if (!checking) throw new AppError('NOT_FOUND', { details: { reason: 'scan-not-collecting' } });
  deps.logger.info({ idScanId: scan.id, checkId }, 'ID scan check started');
  return presentIdScan(checking, images);
}
