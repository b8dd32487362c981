import { randomBytes } from 'node:crypto';

/** Random, unguessable ids (ARCHITECTURE "Data"): 128 bits, URL-safe, with a readable type prefix. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString('base64url')}`;
}
