import { qrCode } from '@signlink/contracts/constants';
import QRCode from 'qrcode';

export interface QrImage {
  /** A PNG data URL. */
  url: string;
  /** Width and height in pixels: (modules + 2 × margin) × scale. */
  size: number;
  /** The payload the image encodes. */
  data: string;
}

export const qrDownloadFileName = 'bankid-qr.png';

const qrOptions = { errorCorrectionLevel: qrCode.errorCorrection, margin: qrCode.margin } as const;

/**
 * SPEC section 9's QR code: error correction L, version 6 (41 modules), drawn at `scale` pixels per module. A payload
 * too long for version 6 gets the smallest version that holds it rather than no code.
 */
export async function renderQrImage(data: string, scale: number): Promise<QrImage> {
  const symbol = createSymbol(data);
  const url = await QRCode.toDataURL(data, { ...qrOptions, version: symbol.version, scale });
  return { url, size: (symbol.modules.size + 2 * qrCode.margin) * scale, data };
}

/** The size of a version 6 code on screen, reserved before its first image arrives: 17 + 4 × version modules. */
export const defaultQrDisplaySize = (17 + 4 * qrCode.version + 2 * qrCode.margin) * qrCode.displayScale;

function createSymbol(data: string) {
  try {
    return QRCode.create(data, { ...qrOptions, version: qrCode.version });
  } catch {
    return QRCode.create(data, qrOptions);
  }
}
