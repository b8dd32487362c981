import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { BrandId } from '@signlink/brands/brand-config';
import type {
  ZRegisterEmailRequest,
  ZRegisterEmailValidate,
  ZRegisterPhoneRequest,
  ZRegisterPhoneValidate,
  ZRegisterPin,
} from '@signlink/contracts/auth/registration';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import { activateSignUpCampaign, type CampaignLog } from '../billing/campaigns.service.ts';
import { assertReferralUsable, referralClaimFor } from '../partners/referral-links.service.ts';
import type { IssueCodeDeps } from '../verification-codes/issue-code.ts';
import { issueVerificationCode } from '../verification-codes/issue-code.ts';
import { verifyCode } from '../verification-codes/verify-code.ts';
import { emailAddressOrThrow, maskPhoneNumber, phoneNumberOrThrow } from './phone-identity.ts';
import {
  createRegisteredUser,
  findOpenRegistration,
  insertRegistration,
  isEmailTaken,
  isPhoneTaken,
  updateRegistration,
} from './registrations.repository.ts';
import { listUserAccounts } from './sessions.repository.ts';
import { startSession } from './start-session.ts';

/** `log` reports what a sign-up skipped without failing (a campaign that could not be activated). */
export type RegistrationDeps = IssueCodeDeps & { secret: string; log?: CampaignLog };

/** A sign-up left unfinished for an hour is gone; its phone number can start again. */
const registrationLifetimeMs = 60 * 60_000;

/** Step 1: the phone number gets a code. A phone that already has a user is "account exists": log in instead. */
export async function startPhoneRegistration(
  deps: RegistrationDeps,
  input: z.infer<typeof ZRegisterPhoneRequest> & { brand: BrandId },
) {
  const phone = phoneNumberOrThrow(input.phoneNumber);
  const { db } = deps.database;
  if (await isPhoneTaken(db, phone)) throw new AppError('ACCOUNT_EXISTS', { details: { field: 'phone' } });
  if (input.referralLinkId) await assertReferralUsable(db, input.referralLinkId);
  const registrationId = randomBytes(24).toString('base64url');
  const { voucherActivationId, referralLinkId, referralSourceId, campaignActivationId, campaignCodeId } = input;
  const attribution = Object.fromEntries(
    Object.entries({
      voucherActivationId,
      referralLinkId,
      referralSourceId,
      campaignActivationId,
      campaignCodeId,
    }).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const issued = await db.transaction(async (tx) => {
    await insertRegistration(tx, {
      id: registrationId,
      phone,
      locale: input.lang,
      attribution,
      expiresAt: new Date(Date.now() + registrationLifetimeMs),
    });
    return issueVerificationCode(deps, {
      purpose: 'registration',
      channel: 'sms',
      destination: phone,
      subject: { registrationId },
      locale: input.lang,
      brand: input.brand,
      tx,
    });
  });
  return { RegistrationId: registrationId, PhoneNumberToken: issued.token, PhoneNumberMasked: maskPhoneNumber(phone) };
}

/** Step 2: the SMS code proves the phone. */
export async function confirmRegistrationPhone(deps: RegistrationDeps, input: z.infer<typeof ZRegisterPhoneValidate>) {
  const registration = await openRegistration(deps, input.RegistrationId);
  await verifyOwnCode(deps, input.PhoneNumberToken, input.Code, registration.id);
  await updateRegistration(deps.database.db, registration.id, { phoneVerifiedAt: new Date() });
  return { RegistrationId: registration.id, NextStep: 'pin' as const };
}

/** Step 3: the PIN, hashed with argon2id; only after the phone is proven. */
export async function setRegistrationPin(deps: RegistrationDeps, input: z.infer<typeof ZRegisterPin>) {
  const registration = await openRegistration(deps, input.RegistrationId);
  if (!registration.phoneVerifiedAt)
    throw new AppError('PIN_SAVE_FAILED', { details: { reason: 'phone-not-verified' } });
  await updateRegistration(deps.database.db, registration.id, { pinHash: await hash(input.Pin) });
  return { RegistrationId: registration.id, NextStep: 'email' as const };
}

/** Step 4: name and e-mail; the address gets a code. An e-mail that has a user is "account exists". */
export async function startRegistrationEmail(
  deps: RegistrationDeps,
  input: z.infer<typeof ZRegisterEmailRequest> & { brand: BrandId },
) {
  const registration = await openRegistration(deps, input.RegistrationId);
  if (!registration.pinHash) throw new AppError('SEND_FAILED', { details: { reason: 'pin-not-set' } });
  const email = emailAddressOrThrow(input.EmailAddress);
  const { db } = deps.database;
  if (await isEmailTaken(db, email)) throw new AppError('ACCOUNT_EXISTS', { details: { field: 'email' } });
  const issued = await db.transaction(async (tx) => {
    await updateRegistration(tx, registration.id, { email, name: input.Name });
    return issueVerificationCode(deps, {
      purpose: 'registration',
      channel: 'email',
      destination: email,
      subject: { registrationId: registration.id },
      locale: registration.locale,
      brand: input.brand,
      tx,
    });
  });
  return { EmailAddressToken: issued.token };
}

/**
 * Step 5: the e-mail code. The user, their personal account (SEK, or EUR for a Spanish sign-up) and their
 * administrator membership are made in one transaction, with the referral link's registration when the sign-up
 * came through one, and they are signed in.
 */
export async function completeRegistration(deps: RegistrationDeps, input: z.infer<typeof ZRegisterEmailValidate>) {
  const registration = await openRegistration(deps, input.RegistrationId);
  if (!registration.email || !registration.pinHash || !registration.phoneVerifiedAt || !registration.name) {
    throw new AppError('ACCOUNT_CREATE_FAILED', { details: { reason: 'steps-missing' } });
  }
  await verifyOwnCode(deps, input.EmailAddressToken, input.Code, registration.id);
  const userId = await createRegisteredUser(
    deps.database.db,
    {
      ...registration,
      email: registration.email,
      pinHash: registration.pinHash,
      name: registration.name,
      currency: registration.locale === 'es' ? 'EUR' : 'SEK',
    },
    referralClaimFor(registration.attribution),
  );
  await activateCampaignOfNewUser(deps, userId, registration.attribution);
  return startSession(
    { db: deps.database.db, secret: deps.secret },
    { userId, method: 'registration', flags: { IsNewUser: true } },
  );
}

/** The sign-up's campaign onto the new personal account, before the session reads the balance. */
export async function activateCampaignOfNewUser(
  deps: RegistrationDeps,
  userId: string,
  attribution: Record<string, string> | null | undefined,
) {
  const [personal] = await listUserAccounts(deps.database.db, userId);
  if (!personal) return;
  await activateSignUpCampaign(deps.database.db, {
    accountId: personal.account.id,
    userId,
    attribution,
    log: deps.log,
  });
}

async function openRegistration(deps: RegistrationDeps, registrationId: string) {
  const registration = await findOpenRegistration(deps.database.db, registrationId, new Date());
  if (!registration) throw new AppError('NOT_FOUND', { details: { reason: 'registration-unknown-or-expired' } });
  return registration;
}

/** A code counts for this sign-up only: another sign-up's code is as wrong as a wrong code. */
async function verifyOwnCode(deps: RegistrationDeps, token: string, code: string, registrationId: string) {
  const verified = await verifyCode(
    { database: deps.database, secret: deps.secret },
    { token, code, purpose: 'registration' },
  );
  if (verified.subject.registrationId !== registrationId) {
    throw new AppError('WRONG_CODE', { details: { reason: 'other-registration' } });
  }
}
