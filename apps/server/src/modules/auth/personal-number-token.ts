import { jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../errors.ts';

const audience = 'signlink:bankid-registration';
const lifetimeSeconds = 30 * 60;

/**
 * Proof that BankID confirmed a person (SPEC section 3 `personalNumberToken`), carried through the BankID
 * registration's SMS and e-mail steps so those need not trust a personal number the browser sends.
 */
export async function signPersonalNumberToken(secret: string, person: { personalNumber: string; name: string }) {
  return new SignJWT({ name: person.name })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(audience)
    .setSubject(person.personalNumber)
    .setIssuedAt()
    .setExpirationTime(`${lifetimeSeconds}s`)
    .sign(new TextEncoder().encode(secret));
}

export async function readPersonalNumberToken(secret: string, token: string) {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { audience, algorithms: ['HS256'] });
    if (!payload.sub || typeof payload.name !== 'string') throw new Error('incomplete');
    return { personalNumber: payload.sub, name: payload.name };
  } catch (error) {
    throw new AppError('ACTION_CANCELLED', { cause: error, details: { reason: 'personal-number-token' } });
  }
}
