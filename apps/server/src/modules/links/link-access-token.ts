import { createHmac, timingSafeEqual } from 'node:crypto';
import { timings } from '@signlink/contracts/constants';
import { type LinkGate, linkGates } from '@signlink/contracts/links/link-access';

/**
 * A recipient's RequestToken (issue 8, part 4): proof that someone passed one link's gate, for a short while. It
 * is stateless so the hot recipient calls need no session lookup; what it unlocks is re-read from the link on every
 * call, so a withdrawn document or a revoked link stops it at once.
 *
 * It is `<claims>.<mac>`: base64url JSON of the link, gate, expiry and verified value, and its HMAC-SHA256. A JWT
 * through jose cost about as much as the rest of the access call (WebCrypto imports the key and signs on the thread
 * pool every time); one synchronous HMAC costs two microseconds. The MAC key is derived from the session secret for
 * this audience alone, so no other token signed with that secret (the users' JWTs, proofs) can pass as one.
 */
export interface LinkAccessClaims {
  linkId: string;
  gate: LinkGate;
  /** What the gate proved (the phone number, e-mail address or BankID personal number), when it proved something. */
  verifiedValue?: string;
  expiresAt: Date;
}

const audience = 'signlink:link-access:v2';
let cachedKey: { secret: string; key: Buffer } | undefined;
function keyOf(secret: string): Buffer {
  if (cachedKey?.secret !== secret) {
    cachedKey = { secret, key: createHmac('sha256', secret).update(audience).digest() };
  }
  return cachedKey.key;
}

const hmacOf = (secret: string, claims: string) => createHmac('sha256', keyOf(secret)).update(claims);

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
  const encoded = Buffer.from(JSON.stringify(body)).toString('base64url');
  return { token: `${encoded}.${hmacOf(secret, encoded).digest('base64url')}`, expiresAt };
}

export type LinkTokenCheck = { ok: true; claims: LinkAccessClaims } | { ok: false; reason: 'expired' | 'invalid' };
const invalid: LinkTokenCheck = { ok: false, reason: 'invalid' };

/** Only our own link tokens pass, and only for the link they were made for; expired only once the MAC is right. */
export async function verifyLinkAccessToken(
  secret: string,
  token: string,
  linkId: string,
  now = Date.now(),
): Promise<LinkTokenCheck> {
  const [encoded, mac, ...rest] = token.split('.');
  if (!encoded || !mac || rest.length > 0) return invalid;
  // Compared as text: decoding would skip stray characters, and the token must be exactly the one we made.
  const given = Buffer.from(mac);
  const expected = Buffer.from(hmacOf(secret, encoded).digest('base64url'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid;
  const claims = parseClaims(encoded);
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

/** The claims of a token whose MAC is right: ours, so only the shape is checked. */
function parseClaims(encoded: string): TokenClaims | undefined {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { sub, gate, exp, ver } = value as Record<string, unknown>;
  if (typeof sub !== 'string' || typeof exp !== 'number' || !linkGates.includes(gate as LinkGate)) return undefined;
  if (ver !== undefined && typeof ver !== 'string') return undefined;
  return { sub, gate: gate as LinkGate, exp, ...(ver !== undefined ? { ver } : {}) };
}
