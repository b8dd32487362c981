import type { BrandId } from '@signlink/brands/brand-config';
import type {
  ZBankIdEmailRequest,
  ZBankIdEmailValidate,
  ZBankIdSmsRequest,
  ZBankIdSmsValidate,
} from '@signlink/contracts/auth/bankid-registration';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import { assertReferralUsable, referralClaimFor } from '../partners/referral-links.service.ts';
import { issueVerificationCode } from '../verification-codes/issue-code.ts';
import { verifyCode } from '../verification-codes/verify-code.ts';
import { findUserIdByPersonalNumber } from './credentials.repository.ts';
import { keepAttribution } from './keep-attribution.ts';
import { readPersonalNumberToken } from './personal-number-token.ts';
import { emailAddressOrThrow, maskPhoneNumber, phoneNumberOrThrow } from './phone-identity.ts';
import { activateCampaignOfNewUser, type RegistrationDeps } from './phone-registration.ts';
import { createUser, isEmailTaken, isPhoneTaken } from './registrations.repository.ts';
import { readProof, signProof } from './signed-proof.ts';
import { startSession } from './start-session.ts';

const phoneProofAudience = 'signlink:bankid-registration-phone';

/** BankID registration, SMS step (SPEC section 3): the BankID-proven person's phone gets a code. */
export async function startBankIdSms(
  deps: RegistrationDeps,
  input: z.infer<typeof ZBankIdSmsRequest> & { brand: BrandId },
) {
  const person = await readPersonalNumberToken(deps.secret, input.personalNumberToken);
  const phone = phoneNumberOrThrow(input.phoneNumber);
  await refuseExisting(deps, { personalNumber: person.personalNumber, phone });
  const issued = await issueVerificationCode(deps, {
    purpose: 'registration',
    channel: 'sms',
    destination: phone,
    subject: { personalNumber: person.personalNumber, locale: input.lang },
    locale: input.lang,
    brand: input.brand,
  });
  return { PhoneNumberToken: issued.token, PhoneNumberMasked: maskPhoneNumber(phone) };
}

/** The phone's code: answered with a proof of the phone for the e-mail step. */
export async function validateBankIdSms(deps: RegistrationDeps, input: z.infer<typeof ZBankIdSmsValidate>) {
  const person = await readPersonalNumberToken(deps.secret, input.personalNumberToken);
  const verified = await verifyCode(deps, { token: input.phoneNumberToken, code: input.code, purpose: 'registration' });
  if (verified.subject.personalNumber !== person.personalNumber) {
    throw new AppError('WRONG_CODE', { details: { reason: 'another-person' } });
  }
  const PhoneNumberProof = await signProof(deps.secret, {
    audience: phoneProofAudience,
    subject: person.personalNumber,
    claims: { phone: verified.destination, locale: verified.subject.locale ?? 'en-us' },
    minutes: 30,
  });
  return { PhoneNumberProof };
}

/** BankID registration, e-mail step: the address gets a code. */
export async function startBankIdEmail(
  deps: RegistrationDeps,
  input: z.infer<typeof ZBankIdEmailRequest> & { brand: BrandId },
) {
  const { person, phone, locale } = await readBothProofs(deps, input);
  const email = emailAddressOrThrow(input.emailAddress);
  await refuseExisting(deps, { personalNumber: person.personalNumber, phone, email });
  if (input.referralLinkId) await assertReferralUsable(deps.database.db, input.referralLinkId);
  const issued = await issueVerificationCode(deps, {
    purpose: 'registration',
    channel: 'email',
    destination: email,
    // The login payload's referral and campaign ids ride with the code to the user it makes.
    subject: { ...attributionOf(input), personalNumber: person.personalNumber },
    locale,
    brand: input.brand,
  });
  return { EmailAddressToken: issued.token };
}

/** The e-mail's code: the user (with the name BankID gave) and their personal account; signed in. */
export async function completeBankIdRegistration(deps: RegistrationDeps, input: z.infer<typeof ZBankIdEmailValidate>) {
  const { person, phone, locale } = await readBothProofs(deps, input);
  const verified = await verifyCode(deps, {
    token: input.emailAddressToken,
    code: input.code,
    purpose: 'registration',
  });
  if (verified.subject.personalNumber !== person.personalNumber) {
    throw new AppError('WRONG_CODE', { details: { reason: 'another-person' } });
  }
  const { personalNumber: _proven, ...attribution } = verified.subject;
  const userId = await createUser(
    deps.database.db,
    {
      attribution,
      name: person.name,
      email: verified.destination,
      phone,
      personalNumber: person.personalNumber,
      locale,
      currency: locale === 'es' ? 'EUR' : 'SEK',
    },
    referralClaimFor(attribution),
  );
  if (input.ga4ClientId) await keepAttribution(deps.database.db, userId, { Ga4ClientId: input.ga4ClientId });
  await activateCampaignOfNewUser(deps, userId, attribution);
  return startSession(
    { db: deps.database.db, secret: deps.secret },
    { userId, method: 'bankid', flags: { IsNewUser: true } },
  );
}

async function readBothProofs(
  deps: RegistrationDeps,
  input: { personalNumberToken: string; phoneNumberProof: string },
) {
  const person = await readPersonalNumberToken(deps.secret, input.personalNumberToken);
  const phoneProof = await readProof(deps.secret, input.phoneNumberProof, phoneProofAudience);
  if (phoneProof.subject !== person.personalNumber || !phoneProof.claims.phone) {
    throw new AppError('ACTION_CANCELLED', { details: { reason: 'proofs-of-different-people' } });
  }
  const locale =
    (['en-us', 'sv', 'es'] as const).find((candidate) => candidate === phoneProof.claims.locale) ?? 'en-us';
  return { person, phone: phoneProof.claims.phone, locale };
}

async function refuseExisting(
  deps: RegistrationDeps,
  input: { personalNumber: string; phone: string; email?: string },
) {
  const { db } = deps.database;
  const byPerson = await findUserIdByPersonalNumber(db, input.personalNumber);
  if (byPerson || (await isPhoneTaken(db, input.phone)) || (input.email && (await isEmailTaken(db, input.email)))) {
    throw new AppError('ACCOUNT_EXISTS');
  }
}

function attributionOf(input: z.infer<typeof ZBankIdEmailRequest>): Record<string, string> {
  const { voucherActivationId, referralLinkId, referralSourceId, campaignActivationId, campaignCodeId } = input;
  return Object.fromEntries(
    Object.entries({
      voucherActivationId,
      referralLinkId,
      referralSourceId,
      campaignActivationId,
      campaignCodeId,
    }).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
