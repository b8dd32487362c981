import { idScanLimits } from '@signlink/contracts/id-scan/id-scan';
import { describe, expect, it } from 'vitest';
import { decryptIdScanImage, encryptIdScanImage, idScanImageKey } from './id-scan-image-crypto.ts';
import { judgeIdScanImage } from './id-scan-images.ts';

const jpeg = (size: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4, 1)]);
const png = (size: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size - 8, 2)]);
const codeOf = (call: () => unknown) => {
  try {
    call();
    return 'none';
  } catch (error) {
    return (error as { code?: string }).code;
  }
};

describe('an ID-scan image judged by its bytes', () => {
  it('takes JPEG and PNG by their signatures', () => {
    expect(judgeIdScanImage(jpeg(4096))).toBe('image/jpeg');
    expect(judgeIdScanImage(png(4096))).toBe('image/png');
  });

  it('refuses other bytes, too large and too small', () => {
    expect(codeOf(() => judgeIdScanImage(Buffer.from('%PDF-1.7 '.repeat(500))))).toBe('UPLOAD_WRONG_TYPE');
    expect(codeOf(() => judgeIdScanImage(jpeg(idScanLimits.maxImageBytes + 1)))).toBe('FILE_TOO_LARGE');
    expect(codeOf(() => judgeIdScanImage(jpeg(idScanLimits.maxImageBytes)))).toBe('none');
    expect(codeOf(() => judgeIdScanImage(png(idScanLimits.minImageBytes - 1)))).toBe('SCAN_UNREADABLE');
  });
});

describe('ID-scan images at rest', () => {
  const config = {
    sessionSecret: 'a-session-secret-of-enough-length-000000',
    idScanImages: { retentionDays: 0, key: undefined },
  };

  it('round-trips, differs from the plain bytes and between two encryptions', () => {
    const key = idScanImageKey(config);
    const plain = jpeg(2048);
    const sealed = encryptIdScanImage(key, plain);
    expect(Buffer.from(sealed).includes(plain.subarray(0, 64))).toBe(false);
    expect(Buffer.from(encryptIdScanImage(key, plain)).equals(Buffer.from(sealed))).toBe(false);
    expect(Buffer.from(decryptIdScanImage(key, sealed)).equals(plain)).toBe(true);
  });

  it('refuses a changed file and another key', () => {
    const key = idScanImageKey(config);
    const sealed = Buffer.from(encryptIdScanImage(key, jpeg(2048)));
    const changed = Buffer.from(sealed);
    changed[sealed.length - 1] = (changed[sealed.length - 1] ?? 0) ^ 1;
    expect(() => decryptIdScanImage(key, changed)).toThrow();
    const other = idScanImageKey({ ...config, idScanImages: { retentionDays: 0, key: 'ab'.repeat(32) } });
    expect(other.equals(key)).toBe(false);
    expect(() => decryptIdScanImage(other, sealed)).toThrow();
  });
});
