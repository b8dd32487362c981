import { readProof, signProof } from './signed-proof.ts';

const audience = 'signlink:bankid-registration';

/**
 * Proof that BankID confirmed a person (SPEC section 3 `personalNumberToken`), carried through the BankID
 * registration's SMS and e-mail steps so those need not trust a personal number the browser sends.
 */
export async function signPersonalNumberToken(secret: string, person: { personalNumber: string; name: string }) {
  return signProof(secret, { audience, subject: person.personalNumber, claims: { name: person.name }, minutes: 30 });
}

export async function readPersonalNumberToken(secret: string, token: string) {
  const { subject, claims } = await readProof(secret, token, audience);
  return { personalNumber: subject, name: claims.name ?? '' };
}
