import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';

/** The user with this personal number (12 digits), if any: BankID login and registration look it up. */
export async function findUserIdByPersonalNumber(db: Database, personalNumber: string) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.personalNumber, personalNumber));
  return user;
}

/** The user whose e-mail address this is, in any case, with their password hash (none if they never set one). */
export async function findPasswordLoginByEmail(db: Database, email: string) {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return user;
}

export async function findUserPassword(db: Database, userId: string) {
  const [user] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

/** The new password, with the password lock lifted. */
export async function setUserPassword(tx: Database | Transaction, input: { userId: string; passwordHash: string }) {
  await tx
    .update(users)
    .set({ passwordHash: input.passwordHash, passwordWrongTries: 0, passwordLockedUntil: null })
    .where(eq(users.id, input.userId));
}

/** Merges ids into the user's attribution; a key given again takes the new value. */
export async function mergeUserAttribution(db: Database, userId: string, ids: Record<string, string>) {
  await db
    .update(users)
    .set({ attribution: sql`coalesce(${users.attribution}, '{}'::jsonb) || ${JSON.stringify(ids)}::jsonb` })
    .where(eq(users.id, userId));
}
