import { verify } from '@node-rs/argon2';
import type { BrandId } from '@signlink/brands/brand-config';
import type { ZPhoneLoginRequest, ZPhoneLoginValidate } from '@signlink/contracts/auth/phone-login';
import { limits } from '@signlink/contracts/constants';
import type { Locale } from '@signlink/contracts/locales';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import { issueVerificationCode } from '../verification-codes/issue-code.ts';
import { verifyCode } from '../verification-codes/verify-code.ts';
import { keepAttribution } from './keep-attribution.ts';
import { clearLoginTries, findUserByPhone, lockLogin, reserveLoginTry } from './login-attempts.repository.ts';
import { maskPhoneNumber, phoneNumberOrThrow } from './phone-identity.ts';
import type { RegistrationDeps } from './phone-registration.ts';
import { startSession } from './start-session.ts';

/**
 * Phone and PIN, step 1 (SPEC section 2): the PIN is checked under the lock rule (5 wrong PINs lock PIN
 * login for that phone for 15 minutes, DECISIONS), then the phone gets a code, so a PIN alone never signs in.
 */
export async function startPhoneLogin(
  deps: RegistrationDeps,
  input: z.infer<typeof ZPhoneLoginRequest> & { brand: BrandId; locale: Locale },
) {
  const phone = phoneNumberOrThrow(input.phoneNumber);
  const { db } = deps.database;
  const user = await findUserByPhone(db, phone);
  if (!user?.pinHash) throw new AppError('NO_ACCOUNT_FOR_PHONE');
  const now = new Date();
  const tries = await reserveLoginTry(db, 'pin', user.id, now);
  if (tries === undefined) {
    const lockedUntil = user.pinLockedUntil && user.pinLockedUntil > now ? user.pinLockedUntil : undefined;
    const retryAfterSeconds = lockedUntil ? Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000) : 60;
    throw new AppError('RATE_LIMITED', { details: { reason: 'pin-locked', retryAfterSeconds } });
  }
  if (!(await verify(user.pinHash, input.pin).catch(() => false))) {
    if (tries >= limits.pinMaxWrongTries) {
      await lockLogin(db, 'pin', user.id, new Date(now.getTime() + limits.pinLockMinutes * 60_000));
    }
    throw new AppError('BAD_PHONE_OR_PIN', { details: { triesLeft: Math.max(0, limits.pinMaxWrongTries - tries) } });
  }
  await clearLoginTries(db, 'pin', user.id);
  await keepAttribution(db, user.id, input);
  const issued = await issueVerificationCode(deps, {
    purpose: 'login',
    channel: 'sms',
    destination: phone,
    subject: { userId: user.id },
    locale: input.locale,
    brand: input.brand,
  });
  return { PhoneNumberToken: issued.token, PhoneNumberMasked: maskPhoneNumber(phone) };
}

/** Phone and PIN, step 2: the code from the SMS signs the user in. */
export async function completePhoneLogin(deps: RegistrationDeps, input: z.infer<typeof ZPhoneLoginValidate>) {
  const verified = await verifyCode(
    { database: deps.database, secret: deps.secret },
    { token: input.PhoneNumberToken, code: input.Code, purpose: 'login' },
  );
  const userId = verified.subject.userId;
  if (!userId) throw new AppError('WRONG_CODE', { details: { reason: 'unknown' } });
  return startSession(
    { db: deps.database.db, secret: deps.secret },
    { userId, accountId: input.accountId, method: 'pin' },
  );
}
