import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { accounts, memberships, users } from '../../db/schema/accounts.ts';
import { sessions } from '../../db/schema/auth.ts';

export async function insertSession(db: Database, row: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(row);
}

/**
 * The session, its user and the account it acts for, only while all hold: not revoked, not expired, and
 * the user still a member of the account. A removed user's token therefore stops working at once.
 */
export async function findLiveSession(db: Database, sessionId: string, now: Date) {
  const [row] = await db
    .select({ session: sessions, user: users, account: accounts, role: memberships.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .innerJoin(memberships, and(eq(memberships.userId, sessions.userId), eq(memberships.accountId, sessions.accountId)))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return row;
}

export async function revokeSession(db: Database, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every live session of the user, but for the one named (the caller's own, when it stays signed in). */
export async function revokeUserSessions(
  tx: Database | Transaction,
  input: { userId: string; exceptSessionId?: string | undefined },
) {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, input.userId),
        input.exceptSessionId ? ne(sessions.id, input.exceptSessionId) : undefined,
        isNull(sessions.revokedAt),
      ),
    );
}

/** The accounts a user may act for, with their role in each: personal first, then by name. */
export async function listUserAccounts(db: Database, userId: string) {
  const rows = await db
    .select({ account: accounts, role: memberships.role })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(memberships.userId, userId));
  return rows.sort(
    (a, b) =>
      Number(b.account.kind === 'personal') - Number(a.account.kind === 'personal') ||
      a.account.name.localeCompare(b.account.name),
  );
}
