import { randomBytes } from 'node:crypto';

/** Random, unguessable ids (ARCHITECTURE "Data"): 128 bits, URL-safe, with a readable type prefix. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString('base64url')}`;
}

/**
 * A code people type or read from a URL (link codes, referral codes): upper-case letters and digits without
 * look-alikes, 20 characters of a 32-symbol alphabet, so 100 bits of entropy (ARCHITECTURE "Data": at least 96).
 */
export function newPublicCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(20), (byte) => alphabet[byte % alphabet.length]).join('');
}

/** A party's fieldAccessKey (SPEC section 6): the file rules' access map names it for the party's slot. */
export function newFieldAccessKey(): string {
  return randomBytes(24).toString('base64url');
}
