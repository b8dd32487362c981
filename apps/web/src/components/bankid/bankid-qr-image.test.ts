import { qrCode } from '@signlink/contracts/constants';
import { describe, expect, it } from 'vitest';
import { defaultQrDisplaySize, renderQrImage } from './bankid-qr-image.ts';

// The shape of BankID's animated payload: bankid.<qrStartToken>.<seconds>.<64 hex digits of HMAC>.
const payload = `bankid.67df3917-fa0d-44e5-b327-edcc928297f8.12.${'a'.repeat(64)}`;

describe('BankID QR image', () => {
  it('draws a BankID payload as version 6 at the scale asked for', async () => {
    const shown = await renderQrImage(payload, qrCode.displayScale);
    expect(shown.size).toBe(49 * 4);
    expect(shown.size).toBe(defaultQrDisplaySize);
    expect(shown.url).toMatch(/^data:image\/png;base64,/);
    expect((await renderQrImage(payload, qrCode.downloadScale)).size).toBe(49 * 16);
  });

  it('takes a larger version for a payload version 6 cannot hold, rather than none', async () => {
    // Version 6 at level L holds 134 bytes.
    const image = await renderQrImage('x'.repeat(135), qrCode.displayScale);
    expect(image.size).toBe((45 + 8) * 4);
  });
});
