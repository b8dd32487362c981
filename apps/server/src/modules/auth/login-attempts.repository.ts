import { limits } from '@signlink/contracts/constants';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';

/** The secrets a user logs in with, each with its own count of wrong tries and lock (DECISIONS: 5, 15 minutes). */
export type LoginSecret = 'pin' | 'password';

const columns = {
  pin: {
    tries: users.pinWrongTries,
    lockedUntil: users.pinLockedUntil,
    triesKey: 'pinWrongTries',
    lockKey: 'pinLockedUntil',
  },
  password: {
    tries: users.passwordWrongTries,
    lockedUntil: users.passwordLockedUntil,
    triesKey: 'passwordWrongTries',
    lockKey: 'passwordLockedUntil',
  },
} as const;

export async function findUserByPhone(db: Database, phone: string) {
  const [row] = await db
    .select({ id: users.id, pinHash: users.pinHash, pinLockedUntil: users.pinLockedUntil })
    .from(users)
    .where(eq(users.phone, phone));
  return row;
}

/**
 * Takes one try before the secret is checked, counted as wrong until proven right, in one conditional
 * UPDATE: parallel guesses cannot get more than the 5 tries between locks. Undefined: locked, or the
 * tries are all in use.
 */
export async function reserveLoginTry(db: Database, secret: LoginSecret, userId: string, now: Date) {
  const column = columns[secret];
  const [row] = await db
    .update(users)
    .set({ [column.triesKey]: sql`${column.tries} + 1` })
    .where(
      and(
        eq(users.id, userId),
        lt(column.tries, limits.pinMaxWrongTries),
        or(isNull(column.lockedUntil), lt(column.lockedUntil, now)),
      ),
    )
    .returning({ tries: column.tries });
  return row?.tries;
}

/** The secret was right: the tries start again. */
export async function clearLoginTries(db: Database, secret: LoginSecret, userId: string) {
  const column = columns[secret];
  await db
    .update(users)
    .set({ [column.triesKey]: 0, [column.lockKey]: null })
    .where(eq(users.id, userId));
}

/** The fifth wrong try locks that way in for 15 minutes; the tries start again after it. */
export async function lockLogin(db: Database, secret: LoginSecret, userId: string, until: Date) {
  const column = columns[secret];
  await db
    .update(users)
    .set({ [column.triesKey]: 0, [column.lockKey]: until })
    .where(eq(users.id, userId));
}
