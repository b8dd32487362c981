import { jwtVerify, SignJWT } from 'jose';

/**
 * A preview's RequestToken: it reads the previewed document's files for the session that asked, for a while, and
 * nothing else. It is a JWT of its own audience, so it is never one of the recipient's link tokens
 * (link-access-token.ts): every signing, form and attachment route refuses it, and a preview cannot sign or save.
 */
const audience = 'signlink:link-preview';
const algorithm = 'HS256';
export const linkPreviewTokenMinutes = 60;

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export interface PreviewClaims {
  documentId: string;
  sessionId: string;
}

export async function signPreviewToken(secret: string, claims: PreviewClaims, now = new Date()) {
  const expiresAt = new Date(now.getTime() + linkPreviewTokenMinutes * 60_000);
  const token = await new SignJWT({ did: claims.documentId, sid: claims.sessionId })
    .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
    .setAudience(audience)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyOf(secret));
  return { token, expiresAt };
}

/** True only for an unexpired token of ours made for this document in this session. */
export async function isPreviewTokenFor(secret: string, token: string, claims: PreviewClaims): Promise<boolean> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { audience, algorithms: [algorithm] });
    return payload.did === claims.documentId && payload.sid === claims.sessionId;
  } catch {
    return false;
  }
}
