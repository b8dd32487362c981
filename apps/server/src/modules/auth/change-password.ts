import { hash, verify } from '@node-rs/argon2';
import type { ZChangePassword } from '@signlink/contracts/auth/password';
import { limits } from '@signlink/contracts/constants';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { findUserPassword, setUserPassword } from './credentials.repository.ts';
import { clearLoginTries, lockLogin, reserveLoginTry } from './login-attempts.repository.ts';
import { revokeUserSessions } from './sessions.repository.ts';

/**
 * Sets or changes the e-mail login password of the signed-in user. The current password is checked through the
 * same tries and lock as password login, so a stolen session cannot guess it faster than the login form could.
 * The user's other sessions end: whoever knew the old password may be signed in elsewhere.
 */
export async function changePassword(db: Database, actor: Actor, input: z.infer<typeof ZChangePassword>) {
  const user = await findUserPassword(db, actor.userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  // Password login is by e-mail address: without one, a password could never be used.
  if (!user.email) throw new AppError('VALIDATION_FAILED', { details: { field: 'EmailAddress', reason: 'no-email' } });
  if (user.passwordHash) await checkCurrentPassword(db, actor.userId, user.passwordHash, input.CurrentPassword);
  const passwordHash = await hash(input.NewPassword);
  await db.transaction(async (tx) => {
    await setUserPassword(tx, { userId: actor.userId, passwordHash });
    await revokeUserSessions(tx, { userId: actor.userId, exceptSessionId: actor.sessionId });
  });
  return { HasPassword: true as const };
}

async function checkCurrentPassword(db: Database, userId: string, storedHash: string, given: string | undefined) {
  if (!given) throw new AppError('WRONG_PASSWORD', { details: { field: 'CurrentPassword' } });
  const now = new Date();
  const tries = await reserveLoginTry(db, 'password', userId, now);
  const isRight = tries !== undefined && (await verify(storedHash, given).catch(() => false));
  if (tries === undefined) throw new AppError('RATE_LIMITED', { details: { reason: 'password-locked' } });
  if (!isRight) {
    if (tries >= limits.pinMaxWrongTries) {
      await lockLogin(db, 'password', userId, new Date(now.getTime() + limits.pinLockMinutes * 60_000));
    }
    throw new AppError('WRONG_PASSWORD', { details: { field: 'CurrentPassword' } });
  }
  await clearLoginTries(db, 'password', userId);
}
