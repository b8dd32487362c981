import { idScanImageTypes, idScanLimits } from '@signlink/contracts/id-scan/id-scan';
import type { ScanPhoto } from './id-scan-api.ts';

/** Why a chosen file is not sent: the server would refuse it (UPLOAD_WRONG_TYPE, FILE_TOO_LARGE) after the upload. */
export type PhotoFileProblem = 'wrongType' | 'tooLarge' | 'tooSmall';

export function checkPhotoFile(file: Pick<Blob, 'type' | 'size'>): PhotoFileProblem | null {
  if (!(idScanImageTypes as readonly string[]).includes(file.type)) return 'wrongType';
  if (file.size > idScanLimits.maxImageBytes) return 'tooLarge';
  if (file.size < idScanLimits.minImageBytes) return 'tooSmall';
  return null;
}

/** As bytes: a Blob of another realm (jsdom's in tests) would be sent as "[object File]". */
export async function photoOfBlob(blob: Blob): Promise<ScanPhoto> {
  return { bytes: new Uint8Array(await blob.arrayBuffer()), type: blob.type || 'image/jpeg' };
}

export type FacingMode = 'environment' | 'user';

/** The camera on the side asked for; rejects when there is none or the person refused it. */
export async function openCamera(facingMode: FacingMode): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera');
  return navigator.mediaDevices.getUserMedia({ video: { facingMode }, audio: false });
}

export function stopCamera(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** The video's current frame as a JPEG, at the camera's own resolution: the vendor reads the document's small print. */
export function captureFrame(video: HTMLVideoElement): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('no canvas'));
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no frame'))), 'image/jpeg', 0.92),
  );
}
