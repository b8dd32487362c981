import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * An API client's secret: 256 random bits, shown once. Only its SHA-256 is kept; with this much entropy a slow hash
 * guards nothing more and would cost every call that sends the secret directly.
 */
export function newApiClientSecret(): string {
  return `sls_${randomBytes(32).toString('base64url')}`;
}

export function hashApiClientSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function apiClientSecretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashApiClientSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The secret's last four characters, shown beside the client so people can tell keys apart. */
export const secretHintOf = (secret: string) => secret.slice(-4);
