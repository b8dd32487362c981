import { hash, verify } from '@node-rs/argon2';
import type { ZPasswordLogin } from '@signlink/contracts/auth/auth-state';
import { limits } from '@signlink/contracts/constants';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import { findPasswordLoginByEmail } from './credentials.repository.ts';
import { keepAttribution } from './keep-attribution.ts';
import { clearLoginTries, lockLogin, reserveLoginTry } from './login-attempts.repository.ts';
import { type SessionDeps, startSession } from './start-session.ts';

// Verified against when no user has the e-mail, so a miss costs what a wrong password costs.
const decoyHash = hash('decoy-password-never-matches');

/**
 * E-mail and password (SPEC section 2). Any mismatch is the same "bad login credentials", a lock too (5
 * wrong passwords lock password login for 15 minutes, as PINs do), so the answer never tells whether an
 * e-mail has a user or is locked; the login dialog shows its bad-login line either way (SPEC section 8).
 */
export async function loginWithPassword(deps: SessionDeps, input: z.infer<typeof ZPasswordLogin>) {
  const user = await findPasswordLoginByEmail(deps.db, input.email);
  const now = new Date();
  const tries = user?.passwordHash ? await reserveLoginTry(deps.db, 'password', user.id, now) : undefined;
  const storedHash = user?.passwordHash ?? (await decoyHash);
  const isRight = await verify(storedHash, input.password).catch(() => false);
  if (!user?.passwordHash || tries === undefined) throw new AppError('BAD_CREDENTIALS');
  if (!isRight) {
    if (tries >= limits.pinMaxWrongTries) {
      await lockLogin(deps.db, 'password', user.id, new Date(now.getTime() + limits.pinLockMinutes * 60_000));
    }
    throw new AppError('BAD_CREDENTIALS');
  }
  await clearLoginTries(deps.db, 'password', user.id);
  await keepAttribution(deps.db, user.id, input);
  return startSession(deps, { userId: user.id, accountId: input.accountId, method: 'password' });
}
