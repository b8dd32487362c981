import { errors, jwtVerify, SignJWT } from 'jose';

/** What an access token says: the session it belongs to is what is checked, the rest saves a lookup. */
export interface AccessTokenClaims {
  sessionId: string;
  userId: string;
  accountId: string;
  expiresAt: Date;
}

const issuer = 'signlink';
const algorithm = 'HS256';

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function signAccessToken(secret: string, claims: AccessTokenClaims): Promise<string> {
  return new SignJWT({ sid: claims.sessionId, acc: claims.accountId })
    .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
    .setIssuer(issuer)
    .setSubject(claims.userId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(keyOf(secret));
}

export type TokenCheck = { ok: true; claims: AccessTokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** Only our own HS256 tokens pass: the algorithm is pinned, so a token cannot choose `none` or a public key. */
export async function verifyAccessToken(secret: string, token: string): Promise<TokenCheck> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { issuer, algorithms: [algorithm] });
    if (typeof payload.sid !== 'string' || typeof payload.acc !== 'string' || !payload.sub || !payload.exp) {
      return { ok: false, reason: 'invalid' };
    }
    return {
      ok: true,
      claims: {
        sessionId: payload.sid,
        userId: payload.sub,
        accountId: payload.acc,
        expiresAt: new Date(payload.exp * 1000),
      },
    };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
