import { jwtVerify, SignJWT } from 'jose';

/**
 * The field editor's pdf.js fetches a file's bytes by URL, without the bearer token; the URL carries this
 * short-lived token instead, signed with the session secret and bound to one file and the session it was made in,
 * so it opens that file only, for a few minutes, and only while that session may still see the file (the reader
 * checks the session and the document's policy at each use: issue 20).
 */
const audience = 'signlink:file-content';
const algorithm = 'HS256';
export const fileContentTokenMinutes = 10;

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function signFileContentToken(
  secret: string,
  input: { fileId: string; userId: string; sessionId: string },
) {
  return new SignJWT({ fid: input.fileId, sid: input.sessionId })
    .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
    .setAudience(audience)
    .setSubject(input.userId)
    .setIssuedAt()
    .setExpirationTime(`${fileContentTokenMinutes}m`)
    .sign(keyOf(secret));
}

/** The session an unexpired token of ours was made in, for exactly this file; null for any other token. */
export async function verifyFileContentToken(
  secret: string,
  input: { fileId: string; token: string },
): Promise<{ sessionId: string } | null> {
  try {
    const { payload } = await jwtVerify(input.token, keyOf(secret), { audience, algorithms: [algorithm] });
    return payload.fid === input.fileId && typeof payload.sid === 'string' ? { sessionId: payload.sid } : null;
  } catch {
    return null;
  }
}
