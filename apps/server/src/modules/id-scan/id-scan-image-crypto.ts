import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../../config/config.ts';

/** Our format's first byte: a later scheme gets another, so stored images stay readable. */
const formatVersion = 1;
const ivBytes = 12;
const tagBytes = 16;

/**
 * The images' key at rest (biometric data is never stored in the clear): the configured one, or one derived from the session secret so the
 * embedded defaults encrypt too. HKDF's info names the use, so the derived key is no other key of ours.
 */
export function idScanImageKey(config: Pick<Config, 'sessionSecret' | 'idScanImages'>): Buffer {
  if (config.idScanImages.key) return Buffer.from(config.idScanImages.key, 'hex');
  return Buffer.from(hkdfSync('sha256', config.sessionSecret, Buffer.alloc(0), 'signlink id-scan images', 32));
}

/** AES-256-GCM: version, IV, tag, then the ciphertext; the tag makes a changed file fail to open. */
export function encryptIdScanImage(key: Buffer, plain: Uint8Array): Uint8Array {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([Buffer.from([formatVersion]), iv, cipher.getAuthTag(), body]);
}

export function decryptIdScanImage(key: Buffer, sealed: Uint8Array): Uint8Array {
  const bytes = Buffer.from(sealed);
  if (bytes[0] !== formatVersion) throw new Error('unknown id-scan image format');
  const iv = bytes.subarray(1, 1 + ivBytes);
  const tag = bytes.subarray(1 + ivBytes, 1 + ivBytes + tagBytes);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(bytes.subarray(1 + ivBytes + tagBytes)), decipher.final()]);
}
