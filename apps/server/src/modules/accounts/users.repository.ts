import { roles } from '@signlink/contracts/auth/roles';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { accounts, memberships, users } from '../../db/schema/accounts.ts';
import { sessions } from '../../db/schema/auth.ts';

type Db = Database | Transaction;

export type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

/** The account's members with their user, oldest membership first. */
export async function listMembers(db: Db, accountId: string) {
  return db
    .select({ userId: users.id, name: users.name, email: users.email, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.accountId, accountId))
    .orderBy(asc(memberships.createdAt), asc(users.name));
}

export async function findMember(db: Db, accountId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select({ userId: users.id, name: users.name, email: users.email, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
  return row;
}

/** Whether a user with this address (case-insensitive) is a member of the account. */
export async function isEmailMember(db: Db, accountId: string, email: string) {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(sql`lower(${users.email})`, email.toLowerCase())));
  return Boolean(row);
}

export async function findAccount(db: Db, accountId: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  return row;
}

export async function findUser(db: Db, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/**
 * Holds the account row until the transaction ends, so two membership changes of one account run one
 * after the other: two administrators demoting each other at once cannot both see "another admin left".
 */
export async function lockAccount(tx: Transaction, accountId: string) {
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
}

export async function countAdministrators(db: Db, accountId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.role, roles.administrator)));
  return row?.n ?? 0;
}

/** Adds the membership unless the user already has one in the account; says whether it was added. */
export async function insertMembershipOnce(tx: Db, row: { userId: string; accountId: string; role: number }) {
  const inserted = await tx
    .insert(memberships)
    .values(row)
    .onConflictDoNothing({ target: [memberships.userId, memberships.accountId] })
    .returning({ userId: memberships.userId });
  return inserted.length > 0;
}

export async function updateMemberRole(tx: Db, accountId: string, userId: string, role: number) {
  await tx
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
}

export async function deleteMembership(tx: Db, accountId: string, userId: string) {
  await tx.delete(memberships).where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
}

/**
 * Ends the user's sessions for the account. The auth plugin already refuses a session without a
 * membership; revoking them too keeps an old token dead if the person is invited back later.
 */
export async function revokeAccountSessions(tx: Db, accountId: string, userId: string, at: Date) {
  await tx
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.accountId, accountId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
