import type { IdScanImageKind } from '@signlink/contracts/id-scan/id-scan';
import {
  type IdDocumentType,
  type IdScanDocumentImageQuery,
  type IdScanImageQuery,
  type IdScanSide,
  idDocumentSides,
} from '@signlink/contracts/id-scan/id-scan';
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
import { idScanImageKey } from './id-scan-image-crypto.ts';
import { deleteIdScanImageFiles, judgeIdScanImage, storeIdScanImage } from './id-scan-images.ts';
import {
  deleteIdScanImageRows,
  type IdScanRow,
  insertIdScanImage,
  listIdScanImages,
  updateIdScanFrom,
} from './id-scans.repository.ts';

/**
 * `POST links/{id}/idscan/processimages`: one side of the document. A driving licence is refused at once (it has no
 * machine-readable zone, SPEC section 8 "wrong type"); a side the type does not have is a bad request. A retaken
 * photo replaces the side's earlier one; another document type than before drops the earlier type's sides.
 */
export async function addIdScanDocumentImage(
  deps: IdScanDeps,
  input: { linkId: string; query: IdScanDocumentImageQuery; bytes: Uint8Array },
) {
  const { query } = input;
  const { access, scan } = await requireOwnScan(deps, {
    linkId: input.linkId,
    requestToken: query.RequestToken,
    idScanId: query.IdScanId,
  });
  assertDocumentOpen(access.document);
  assertCollecting(scan);
  if (query.DocumentType === 'driving-licence') {
    throw new AppError('SCAN_WRONG_TYPE', { details: { reason: 'driving-licence' } });
  }
  const documentType: IdDocumentType = query.DocumentType;
  const side: IdScanSide = query.Side;
  if (!(idDocumentSides[documentType] as readonly IdScanSide[]).includes(side)) {
    throw new AppError('VALIDATION_FAILED', { details: { reason: 'no-such-side', documentType, side } });
  }
  const contentType = judgeIdScanImage(input.bytes);
  const provider = requireProvider(deps);
  const kind: IdScanImageKind = side === 'front' ? 'document-front' : 'document-back';
  return addImage(deps, {
    scan: documentType === scan.documentType ? scan : await switchDocumentType(deps, scan, documentType),
    kind,
    bytes: input.bytes,
    upload: (image) => provider.uploadDocument({ applicantId: scan.vendorApplicantId, documentType, side, image }),
    contentType,
  });
}

/** `POST links/{id}/idscan/live/validate`: the live face capture, for a type 6 scan only. */
export async function addIdScanFaceImage(
  deps: IdScanDeps,
  input: { linkId: string; query: IdScanImageQuery; bytes: Uint8Array },
) {
  const { access, scan } = await requireOwnScan(deps, {
    linkId: input.linkId,
    requestToken: input.query.RequestToken,
    idScanId: input.query.IdScanId,
  });
  assertDocumentOpen(access.document);
  assertCollecting(scan);
  if (!scan.needsFace) throw new AppError('SIGNATURE_METHOD_UNAVAILABLE', { details: { reason: 'no-live-check' } });
  const contentType = judgeIdScanImage(input.bytes);
  const provider = requireProvider(deps);
  return addImage(deps, {
    scan,
    kind: 'face',
    bytes: input.bytes,
    upload: (image) => provider.uploadLivePhoto({ applicantId: scan.vendorApplicantId, image }),
    contentType,
  });
}

async function switchDocumentType(deps: IdScanDeps, scan: IdScanRow, documentType: IdDocumentType) {
  const documentImages = (await listIdScanImages(deps.db, scan.id)).filter((image) => image.kind !== 'face');
  await deleteIdScanImageFiles(deps, documentImages, nowOf(deps));
  await deleteIdScanImageRows(
    deps.db,
    documentImages.map((image) => image.id),
  );
  const updated = await updateIdScanFrom(deps.db, scan.id, ['collecting'], { documentType });
  if (!updated) throw new AppError('NOT_FOUND', { details: { reason: 'scan-not-collecting' } });
  return updated;
}

/** Stored encrypted first, then sent: a file the vendor refuses is deleted again and the recipient retakes it. */
async function addImage(
  deps: IdScanDeps,
  input: {
    scan: IdScanRow;
    kind: IdScanImageKind;
    bytes: Uint8Array;
    contentType: 'image/jpeg' | 'image/png';
    upload: (image: {
      bytes: Uint8Array;
      contentType: 'image/jpeg' | 'image/png';
      fileName: string;
    }) => Promise<{ fileId: string }>;
  },
) {
  const { scan, kind } = input;
  const stored = await storeIdScanImage(
    { storage: deps.storage, imageKey: idScanImageKey(deps.config) },
    { idScanId: scan.id, kind, bytes: input.bytes },
  );
  const extension = input.contentType === 'image/png' ? 'png' : 'jpg';
  let fileId: string;
  try {
    ({ fileId } = await callVendor(
      () => input.upload({ bytes: input.bytes, contentType: input.contentType, fileName: `${kind}.${extension}` }),
      { isImage: true },
    ));
  } catch (error) {
    await deps.storage.delete({ key: stored.storageKey });
    throw error;
  }
  const earlier = (await listIdScanImages(deps.db, scan.id)).filter((image) => image.kind === kind);
  await deleteIdScanImageFiles(deps, earlier, nowOf(deps));
  await deleteIdScanImageRows(
    deps.db,
    earlier.map((image) => image.id),
  );
  await insertIdScanImage(deps.db, {
    id: stored.imageId,
    idScanId: scan.id,
    kind,
    storageKey: stored.storageKey,
    contentType: input.contentType,
    byteSize: input.bytes.byteLength,
    vendorFileId: fileId,
  });
  deps.logger.info({ idScanId: scan.id, kind }, 'ID scan image received');
  return presentIdScan(scan, await listIdScanImages(deps.db, scan.id));
}
