import { hash, verify } from '@node-rs/argon2';
import type { ZPasswordLogin } from '@signlink/contracts/auth/auth-state';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema/accounts.ts';
import { AppError } from '../../errors.ts';
import { keepAttribution } from './keep-attribution.ts';
import { type SessionDeps, startSession } from './start-session.ts';

// Verified against when no user has the e-mail, so a miss costs what a wrong password costs.
const decoyHash = hash('decoy-password-never-matches');

/** E-mail and password (SPEC section 2). Any mismatch is the same "bad login credentials". */
export async function loginWithPassword(deps: SessionDeps, input: z.infer<typeof ZPasswordLogin>) {
  const [user] = await deps.db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()));
  const storedHash = user?.passwordHash ?? (await decoyHash);
  const isRight = await verify(storedHash, input.password).catch(() => false);
  if (!user?.passwordHash || !isRight) throw new AppError('BAD_CREDENTIALS');
  await keepAttribution(deps.db, user.id, input);
  return startSession(deps, { userId: user.id, accountId: input.accountId, method: 'password' });
}
