import jpeg from 'jpeg-js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/*
 * How the simulator "reads" a document. Onfido reads the machine-readable zone by OCR; there is no OCR engine
 * offline, so our specimens (scripts/make-id-specimens.ts) print the MRZ as text AND, beside it, as a QR code holding
 * the same lines, newline separated. Reading that code from the uploaded image keeps the real path (an image from a
 * browser's camera or file picker, decoded here) without an OCR dependency.
 */

export type ImageFormat = 'image/jpeg' | 'image/png' | 'application/pdf';

/** What the bytes are, by their signature rather than by what the client claimed. */
export function sniffFormat(bytes: Uint8Array): ImageFormat | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-') return 'application/pdf';
  return undefined;
}

export interface Rgba {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

// A phone photo is at most a few thousand pixels a side; this keeps a crafted header from allocating gigabytes.
const MAX_PIXELS_MEGA = 50;

export function decodeImage(bytes: Uint8Array): Rgba | undefined {
  try {
    const format = sniffFormat(bytes);
    if (format === 'image/png') {
      const png = PNG.sync.read(Buffer.from(bytes));
      return { width: png.width, height: png.height, data: new Uint8ClampedArray(png.data) };
    }
    if (format === 'image/jpeg') {
      const image = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_PIXELS_MEGA });
      return { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data) };
    }
  } catch {
    // A damaged image reads as nothing, as a blurred one does.
  }
  return undefined;
}

/** The MRZ lines carried by a QR code in the picture, or undefined when there is no such code. */
export function readMrzCode(image: Rgba): string[] | undefined {
  const code = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' });
  if (!code) return undefined;
  const lines = code.data
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  const isMrz = (lines.length === 2 || lines.length === 3) && lines.every((line) => /^[A-Z0-9<]{30,44}$/.test(line));
  return isMrz ? lines : undefined;
}

export function readMrzFromBytes(bytes: Uint8Array): string[] | undefined {
  const image = decodeImage(bytes);
  return image ? readMrzCode(image) : undefined;
}
