import type { IdScanImageKind } from '@signlink/contracts/id-scan/id-scan';
import { type IdScanImageType, idScanLimits } from '@signlink/contracts/id-scan/id-scan';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { encryptIdScanImage } from './id-scan-image-crypto.ts';
import { type IdScanImageRow, markIdScanImageDeleted } from './id-scans.repository.ts';

const jpegMagic = [0xff, 0xd8, 0xff];
const pngMagic = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The image's type from its bytes, not its header (a client can say anything); the size against our limits. Too
 * small to be a photo of a document is unreadable rather than the wrong type: it is an image, just not a usable one.
 */
export function judgeIdScanImage(bytes: Uint8Array): IdScanImageType {
  if (bytes.byteLength > idScanLimits.maxImageBytes) {
    throw new AppError('FILE_TOO_LARGE', { details: { maxBytes: idScanLimits.maxImageBytes } });
  }
  const startsWith = (magic: number[]) => magic.every((byte, index) => bytes[index] === byte);
  const type = startsWith(jpegMagic) ? 'image/jpeg' : startsWith(pngMagic) ? 'image/png' : undefined;
  if (!type) throw new AppError('UPLOAD_WRONG_TYPE', { details: { accepted: ['image/jpeg', 'image/png'] } });
  if (bytes.byteLength < idScanLimits.minImageBytes) {
    throw new AppError('SCAN_UNREADABLE', { details: { reason: 'image-too-small' } });
  }
  return type;
}

/** Stores the image encrypted under the scan's folder; the key names only ids. */
export async function storeIdScanImage(
  deps: { storage: Storage; imageKey: Buffer },
  input: { idScanId: string; kind: IdScanImageKind; bytes: Uint8Array },
) {
  const imageId = newId('isi');
  const storageKey = `id-scans/${input.idScanId}/${imageId}`;
  await deps.storage.put({
    key: storageKey,
    body: encryptIdScanImage(deps.imageKey, input.bytes),
    contentType: 'application/octet-stream',
  });
  return { imageId, storageKey };
}

/** The images' files go and their rows say when; the rows stay as the record that they existed. */
export async function deleteIdScanImageFiles(
  deps: { db: Database; storage: Storage },
  images: readonly IdScanImageRow[],
  at: Date,
) {
  for (const image of images) {
    if (image.deletedAt) continue;
    await deps.storage.delete({ key: image.storageKey });
    await markIdScanImageDeleted(deps.db, image.id, at);
  }
}
