import { createSecretKey, type KeyObject } from 'node:crypto';
import { timings } from '@signlink/contracts/constants';
import type { LinkGate } from '@signlink/contracts/links/link-access';
import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * A recipient's RequestToken (issue 8, part 4): proof that someone passed one link's gate, for a short while. It
 * is stateless so the hot recipient calls need no session lookup; what it unlocks is re-read from the link on every
 * call, so a withdrawn document or a revoked link stops it at once. Its audience keeps it apart from the signed-in
 * users' access tokens, which use the same secret.
 */
export interface LinkAccessClaims {
  linkId: string;
  gate: LinkGate;
  /** What the gate proved (the phone number, e-mail address or BankID personal number), when it proved something. */
  verifiedValue?: string;
  expiresAt: Date;
}

const issuer = 'signlink';
const audience = 'signlink:link-access';
const algorithm = 'HS256';
// Importing the secret is a good part of a signature's cost; the access call is the recipient's hottest.
let cachedKey: { secret: string; key: KeyObject } | undefined;
function keyOf(secret: string): KeyObject {
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: createSecretKey(Buffer.from(secret, 'utf8')) };
  return cachedKey.key;
}

export async function signLinkAccessToken(
  secret: string,
  claims: Omit<LinkAccessClaims, 'expiresAt'>,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + timings.linkAccessTokenMinutes * 60_000);
  const token = await new SignJWT({ gate: claims.gate, ...(claims.verifiedValue ? { ver: claims.verifiedValue } : {}) })
    .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setSubject(claims.linkId)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyOf(secret));
  return { token, expiresAt };
}

export type LinkTokenCheck = { ok: true; claims: LinkAccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** Only our HS256 link tokens pass, and only for the link they were made for. */
export async function verifyLinkAccessToken(secret: string, token: string, linkId: string): Promise<LinkTokenCheck> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { issuer, audience, algorithms: [algorithm] });
    const gate = payload.gate;
    if (payload.sub !== linkId.toUpperCase() || !payload.exp) return { ok: false, reason: 'invalid' };
    if (gate !== 'none' && gate !== 'bankid' && gate !== 'sms' && gate !== 'email') {
      return { ok: false, reason: 'invalid' };
    }
    return {
      ok: true,
      claims: {
        linkId: payload.sub,
        gate,
        ...(typeof payload.ver === 'string' ? { verifiedValue: payload.ver } : {}),
        expiresAt: new Date(payload.exp * 1000),
      },
    };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
