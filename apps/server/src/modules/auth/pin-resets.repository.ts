import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { pinResets } from '../../db/schema/auth.ts';

/** The user a PIN reset is for: by phone as stored, or by e-mail address in any case. */
export async function findUserForPinReset(db: Database, destination: { phone: string } | { email: string }) {
  const [user] = await db
    .select({ id: users.id, phone: users.phone, email: users.email })
    .from(users)
    .where(
      'phone' in destination
        ? eq(users.phone, destination.phone)
        : eq(sql`lower(${users.email})`, destination.email.toLowerCase()),
    );
  return user;
}

/** Holds the user's PIN resets until the transaction ends, so two requests cannot both pass the limit. */
export async function lockPinResetsOfUser(tx: Transaction, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pin-reset:${userId}`}))`);
}

export async function countRecentPinResets(tx: Transaction, input: { userId: string; windowMinutes: number }) {
  const [recent] = await tx
    .select({ sent: count() })
    .from(pinResets)
    .where(
      and(
        eq(pinResets.userId, input.userId),
        gt(pinResets.createdAt, sql`now() - make_interval(mins => ${input.windowMinutes})`),
      ),
    );
  return recent?.sent ?? 0;
}

export async function insertPinReset(tx: Transaction, input: { id: string; userId: string; validMinutes: number }) {
  await tx.insert(pinResets).values({
    id: input.id,
    userId: input.userId,
    expiresAt: sql`now() + make_interval(mins => ${input.validMinutes})`,
  });
}

/** An unused reset link within its lifetime, with its user's phone. */
export async function findOpenPinReset(db: Database, resetId: string) {
  const [reset] = await db
    .select({ userId: pinResets.userId, phone: users.phone })
    .from(pinResets)
    .innerJoin(users, eq(users.id, pinResets.userId))
    .where(and(eq(pinResets.id, resetId), isNull(pinResets.usedAt), gt(pinResets.expiresAt, sql`now()`)));
  return reset;
}

/** Marks an open reset link used; false when it was used, unknown or expired (a conditional UPDATE). */
export async function usePinReset(tx: Transaction, resetId: string) {
  const used = await tx
    .update(pinResets)
    .set({ usedAt: new Date() })
    .where(and(eq(pinResets.id, resetId), isNull(pinResets.usedAt), gt(pinResets.expiresAt, sql`now()`)))
    .returning({ id: pinResets.id });
  return used.length > 0;
}

/** The new PIN, with the PIN lock lifted. */
export async function setUserPin(tx: Transaction, input: { userId: string; pinHash: string }) {
  await tx
    .update(users)
    .set({ pinHash: input.pinHash, pinWrongTries: 0, pinLockedUntil: null })
    .where(eq(users.id, input.userId));
}
