import { jwtVerify, SignJWT } from 'jose';

/**
 * The field editor's pdf.js fetches a file's bytes by URL, without the bearer token; the URL carries this
 * short-lived token instead, signed with the session secret and bound to one file (and the user it was made
 * for), so it opens that file only, for a few minutes.
 */
const audience = 'signlink:file-content';
const algorithm = 'HS256';
export const fileContentTokenMinutes = 10;

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function signFileContentToken(secret: string, input: { fileId: string; userId: string }) {
  return new SignJWT({ fid: input.fileId })
    .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
    .setAudience(audience)
    .setSubject(input.userId)
    .setIssuedAt()
    .setExpirationTime(`${fileContentTokenMinutes}m`)
    .sign(keyOf(secret));
}

/** True only for an unexpired token of ours made for exactly this file. */
export async function verifyFileContentToken(secret: string, input: { fileId: string; token: string }) {
  try {
    const { payload } = await jwtVerify(input.token, keyOf(secret), { audience, algorithms: [algorithm] });
    return payload.fid === input.fileId;
  } catch {
    return false;
  }
}
