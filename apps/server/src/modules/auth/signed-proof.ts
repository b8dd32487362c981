import { jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../errors.ts';

/**
 * A short-lived statement the server signed and the browser carries between steps (a BankID-proven
 * personal number, a code-proven phone), so no later step trusts what the browser merely says.
 * The audience names what it proves: one kind of proof cannot stand in for another.
 */
export async function signProof(
  secret: string,
  proof: { audience: string; subject: string; claims?: Record<string, string>; minutes: number },
) {
  return new SignJWT(proof.claims ?? {})
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(proof.audience)
    .setSubject(proof.subject)
    .setIssuedAt()
    .setExpirationTime(`${proof.minutes * 60}s`)
    .sign(new TextEncoder().encode(secret));
}

/** The proof's subject and claims, or "action cancelled" (expired, forged, or another kind of proof). */
export async function readProof(secret: string, token: string, audience: string) {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { audience, algorithms: ['HS256'] });
    if (!payload.sub) throw new Error('no subject');
    const claims = Object.fromEntries(
      Object.entries(payload).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    return { subject: payload.sub, claims };
  } catch (error) {
    throw new AppError('ACTION_CANCELLED', { cause: error, details: { reason: 'proof', audience } });
  }
}
