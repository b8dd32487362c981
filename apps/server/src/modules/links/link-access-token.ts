import { createCipheriv, createDecipheriv, createHmac, randomFillSync } from 'node:crypto';
import { timings } from '@signlink/contracts/constants';
import { type LinkGate, linkGates } from '@signlink/contracts/links/link-access';

/**
 * A recipient's RequestToken (issue 8, part 4): proof that someone passed one link's gate, for a short while. It
 * is stateless so the hot recipient calls need no session lookup; what it unlocks is re-read from the link on every
 * call, so a withdrawn document or a revoked link stops it at once.
 *
 * It is one base64url segment: a random 96-bit IV, the AES-256-GCM ciphertext of the JSON claims (link, gate,
 * expiry, verified value) and the 128-bit tag. Encrypted, not only signed, because the verified value is a phone
 * number, e-mail address or personal number, and the token travels in query strings that proxies, browsers and logs
 * keep. One synchronous GCM seal or open costs a few microseconds, where a JWT through jose cost about as much as
 * the rest of the access call. The key is derived from the session secret for this audience alone, so no other token
 * made with that secret (the users' JWTs, proofs) can pass as one.
 */
export interface LinkAccessClaims {
  linkId: string;
  gate: LinkGate;
  /** What the gate proved (the phone number, e-mail address or BankID personal number), when it proved something. */
  verifiedValue?: string;
  expiresAt: Date;
}

const audience = 'signlink:link-access:v3:aes-256-gcm';
const ivBytes = 12;
const tagBytes = 16;
let cachedKey: { secret: string; key: Buffer } | undefined;
function keyOf(secret: string): Buffer {
  if (cachedKey?.secret !== secret) {
    cachedKey = { secret, key: createHmac('sha256', secret).update(audience).digest() };
  }
  return cachedKey.key;
}

// IVs are drawn from the CSPRNG 128 at a time: one randomBytes call per token cost more than the cipher itself.
const ivPool = Buffer.alloc(ivBytes * 128);
let ivAt = ivPool.length;
function nextIv(): Buffer {
  if (ivAt === ivPool.length) {
    randomFillSync(ivPool);
    ivAt = 0;
  }
  ivAt += ivBytes;
  return ivPool.subarray(ivAt - ivBytes, ivAt);
}

interface TokenClaims {
  sub: string;
  gate: LinkGate;
  /** Expiry in epoch milliseconds. */
  exp: number;
  ver?: string;
}

export async function signLinkAccessToken(
  secret: string,
  claims: Omit<LinkAccessClaims, 'expiresAt'>,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + timings.linkAccessTokenMinutes * 60_000);
  const body: TokenClaims = {
    sub: claims.linkId,
    gate: claims.gate,
    exp: expiresAt.getTime(),
    ...(claims.verifiedValue ? { ver: claims.verifiedValue } : {}),
  };
  // Copied into the token before any other call can refill the pool: nothing below awaits.
  const iv = nextIv();
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const sealed = cipher.update(JSON.stringify(body), 'utf8');
  const final = cipher.final();
  const token = Buffer.concat([iv, sealed, final, cipher.getAuthTag()]).toString('base64url');
  return { token, expiresAt };
}

export type LinkTokenCheck = { ok: true; claims: LinkAccessClaims } | { ok: false; reason: 'expired' | 'invalid' };
const invalid: LinkTokenCheck = { ok: false, reason: 'invalid' };

/** Only our own link tokens pass, and only for the link they were made for; expired only once the tag is right. */
export async function verifyLinkAccessToken(
  secret: string,
  token: string,
  linkId: string,
  now = Date.now(),
): Promise<LinkTokenCheck> {
  const raw = Buffer.from(token, 'base64url');
  // Decoding skips stray characters and ignores a last character's spare bits: only the exact text we made passes.
  if (raw.length <= ivBytes + tagBytes || raw.toString('base64url') !== token) return invalid;
  const plain = openSealed(keyOf(secret), raw);
  const claims = plain && parseClaims(plain);
  if (!claims || claims.sub !== linkId.toUpperCase()) return invalid;
  if (claims.exp <= now) return { ok: false, reason: 'expired' };
  return {
    ok: true,
    claims: {
      linkId: claims.sub,
      gate: claims.gate,
      ...(claims.ver !== undefined ? { verifiedValue: claims.ver } : {}),
      expiresAt: new Date(claims.exp),
    },
  };
}

/** The plaintext, or undefined when the tag is wrong (another key, any changed byte). */
function openSealed(key: Buffer, raw: Buffer): string | undefined {
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, ivBytes), { authTagLength: tagBytes });
  decipher.setAuthTag(raw.subarray(raw.length - tagBytes));
  const opened = decipher.update(raw.subarray(ivBytes, raw.length - tagBytes));
  try {
    return Buffer.concat([opened, decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/** The claims of a token whose tag is right: ours, so only the shape is checked. */
function parseClaims(plain: string): TokenClaims | undefined {
  let value: unknown;
  try {
    value = JSON.parse(plain);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { sub, gate, exp, ver } = value as Record<string, unknown>;
  if (typeof sub !== 'string' || typeof exp !== 'number' || !linkGates.includes(gate as LinkGate)) return undefined;
  if (ver !== undefined && typeof ver !== 'string') return undefined;
  return { sub, gate: gate as LinkGate, exp, ...(ver !== undefined ? { ver } : {}) };
}
