import type { BrandId } from '@signlink/brands/brand-config';
import type { Locale } from '@signlink/contracts/locales';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { emailAddressOrThrow } from '../auth/phone-identity.ts';
import type { RegistrationDeps } from '../auth/phone-registration.ts';
import { readProof, signProof } from '../auth/signed-proof.ts';
import { authorizePartnerAdmin } from '../document-core/account.policy.ts';
import { issueVerificationCode } from '../verification-codes/issue-code.ts';
import { verifyCode } from '../verification-codes/verify-code.ts';

/**
 * The first two steps of a partner setting up a customer account (SPEC section 7 `accounts/validation/email` and
 * `/validate`): the customer's address gets a code, and the code read back proves it. The proof is signed for the
 * partner's account, so `accounts/register` trusts no address the browser merely names, nor another partner's.
 */
const proofAudience = 'customer-email';
const proofMinutes = 60;

export async function startCustomerEmail(
  deps: RegistrationDeps,
  actor: Actor,
  input: { EmailAddress: string; locale: Locale; brand: BrandId },
) {
  authorizePartnerAdmin(actor, 'customers.manage');
  const email = emailAddressOrThrow(input.EmailAddress);
  const issued = await issueVerificationCode(deps, {
    purpose: 'email-verification',
    channel: 'email',
    destination: email,
    subject: { partnerAccountId: actor.accountId },
    locale: input.locale,
    brand: input.brand,
  });
  return { EmailAddressToken: issued.token };
}

export async function validateCustomerEmail(
  deps: RegistrationDeps,
  actor: Actor,
  input: { EmailAddressToken: string; Code: string },
) {
  authorizePartnerAdmin(actor, 'customers.manage');
  const verified = await verifyCode(deps, {
    token: input.EmailAddressToken,
    code: input.Code,
    purpose: 'email-verification',
  });
  // Another partner's code (or a user's own e-mail check) proves nothing here.
  if (verified.subject.partnerAccountId !== actor.accountId) {
    throw new AppError('WRONG_CODE', { details: { reason: 'another-account' } });
  }
  const token = await signProof(deps.secret, {
    audience: proofAudience,
    subject: actor.accountId,
    claims: { email: verified.destination },
    minutes: proofMinutes,
  });
  return { EmailAddress: verified.destination, EmailVerificationToken: token };
}

/** The customer's proven address, or "action cancelled": no proof, an expired one, or another partner's. */
export async function readCustomerEmailProof(secret: string, actor: Actor, token: string): Promise<string> {
  const proof = await readProof(secret, token, proofAudience);
  const email = proof.claims.email;
  if (proof.subject !== actor.accountId || !email) {
    throw new AppError('ACTION_CANCELLED', { details: { reason: 'proof-of-another-account' } });
  }
  return email;
}
