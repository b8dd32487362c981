import { limits } from '@signlink/contracts/constants';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';

export async function findUserByPhone(db: Database, phone: string) {
  const [row] = await db
    .select({ id: users.id, pinHash: users.pinHash, pinLockedUntil: users.pinLockedUntil })
    .from(users)
    .where(eq(users.phone, phone));
  return row;
}

/**
 * Takes one PIN try before the PIN is checked, counted as wrong until proven right, in one conditional
 * UPDATE: parallel guesses cannot get more than the 5 tries between locks. Undefined: locked, or the
 * tries are all in use.
 */
export async function reservePinTry(db: Database, userId: string, now: Date) {
  const [row] = await db
    .update(users)
    .set({ pinWrongTries: sql`${users.pinWrongTries} + 1` })
    .where(
      and(
        eq(users.id, userId),
        lt(users.pinWrongTries, limits.pinMaxWrongTries),
        or(isNull(users.pinLockedUntil), lt(users.pinLockedUntil, now)),
      ),
    )
    .returning({ tries: users.pinWrongTries });
  return row?.tries;
}

/** The PIN was right: the tries start again. */
export async function clearPinTries(db: Database, userId: string) {
  await db.update(users).set({ pinWrongTries: 0, pinLockedUntil: null }).where(eq(users.id, userId));
}

/** The fifth wrong PIN locks PIN login for that phone for 15 minutes; the tries start again after it. */
export async function lockPinLogin(db: Database, userId: string, until: Date) {
  await db.update(users).set({ pinWrongTries: 0, pinLockedUntil: until }).where(eq(users.id, userId));
}
