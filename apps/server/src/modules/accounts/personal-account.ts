import type { BrandId } from '@signlink/brands/brand-config';
import type { Locale } from '@signlink/contracts/locales';
import type { Database, Transaction } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { newId } from '../../lib/ids.ts';
import { emailAddressOrThrow } from '../auth/phone-identity.ts';
import type { RegistrationDeps } from '../auth/phone-registration.ts';
import { startSession } from '../auth/start-session.ts';
import { issueVerificationCode } from '../verification-codes/issue-code.ts';
import { verifyCode } from '../verification-codes/verify-code.ts';
import { findUserNameAndEmail, insertPersonalAccountOf, setUserEmail } from './accounts.repository.ts';
import { findPersonalAccountOf } from './customer-invitations.repository.ts';

/** Step 1: the address gets a code. A user who has a personal account is told so (one per user, SPEC section 5). */
export async function startPersonalAccount(
  deps: RegistrationDeps,
  actor: Actor,
  input: { EmailAddress: string; brand: BrandId; locale: Locale },
) {
  await refuseSecondPersonalAccount(deps, actor.userId);
  const email = emailAddressOrThrow(input.EmailAddress);
  const issued = await issueVerificationCode(deps, {
    purpose: 'email-verification',
    channel: 'email',
    destination: email,
    subject: { userId: actor.userId },
    locale: input.locale,
    brand: input.brand,
  });
  return { EmailAddressToken: issued.token };
}

/** Step 2: the code; the personal account is made with the user as its administrator, and they switch to it. */
export async function completePersonalAccount(
  deps: RegistrationDeps,
  actor: Actor,
  input: { EmailAddressToken: string; Code: string; Currency: 'SEK' | 'EUR' },
) {
  const verified = await verifyCode(deps, {
    token: input.EmailAddressToken,
    code: input.Code,
    purpose: 'email-verification',
  });
  if (verified.subject.userId !== actor.userId)
    throw new AppError('WRONG_CODE', { details: { reason: 'another-user' } });
  const { db } = deps.database;
  const accountId = await insertPersonalAccount(db, {
    userId: actor.userId,
    email: verified.destination,
    currency: input.Currency,
  });
  return startSession({ db, secret: deps.secret }, { userId: actor.userId, accountId, method: 'switch' });
}

/**
 * The user's one personal account, with them as its administrator, in one transaction with `inTransaction`
 * (a partner's invitation accepted). The proven address becomes the user's when they had none.
 */
export async function insertPersonalAccount(
  db: Database,
  input: {
    userId: string;
    email: string;
    currency: 'SEK' | 'EUR';
    /** The partner whose customer the account is (SPEC section 6). */
    partnerAccountId?: string;
    inTransaction?: (tx: Transaction, accountId: string) => Promise<void>;
  },
) {
  const accountId = newId('acc');
  try {
    await db.transaction(async (tx) => {
      const user = await findUserNameAndEmail(tx, input.userId);
      if (!user) throw new AppError('UNAUTHENTICATED');
      if (!user.email) await setUserEmail(tx, input.userId, input.email);
      await insertPersonalAccountOf(tx, {
        accountId,
        userId: input.userId,
        name: user.name,
        currency: input.currency,
        invoiceEmail: input.email,
        partnerAccountId: input.partnerAccountId,
      });
      await input.inTransaction?.(tx, accountId);
    });
  } catch (error) {
    // The unique index on one personal account per user settles two tabs finishing at once.
    if (isUniqueViolation(error))
      throw new AppError('ACCOUNT_EXISTS', { cause: error, details: { reason: 'personal-account' } });
    throw error;
  }
  return accountId;
}

async function refuseSecondPersonalAccount(deps: RegistrationDeps, userId: string) {
  if (await hasPersonalAccount(deps.database.db, userId)) {
    throw new AppError('ACCOUNT_EXISTS', { details: { reason: 'personal-account' } });
  }
}

/** SPEC section 5: one personal account per user. */
export async function hasPersonalAccount(db: Database, userId: string): Promise<boolean> {
  return (await findPersonalAccountOf(db, userId)) !== undefined;
}
