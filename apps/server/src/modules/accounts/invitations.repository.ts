import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/database.ts';
import { accounts, invitations, users } from '../../db/schema/accounts.ts';

type Db = Database | Transaction;

export type InvitationRow = typeof invitations.$inferSelect;

const inviter = alias(users, 'inviter');

/** An invitation with the name of who sent it, as lists and answers show it. */
const withInviter = { invitation: invitations, inviterName: inviter.name } as const;
export type InvitationWithInviter = { invitation: InvitationRow; inviterName: string | null };

export async function findInvitation(db: Db, id: string): Promise<InvitationWithInviter | undefined> {
  const [row] = await db
    .select(withInviter)
    .from(invitations)
    .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
    .where(eq(invitations.id, id));
  return row;
}

/** The invitation, locked until the transaction ends: a remind, revoke and accept of it run one at a time. */
export async function lockInvitationRow(tx: Transaction, id: string) {
  const [row] = await tx.select().from(invitations).where(eq(invitations.id, id)).for('update');
  return row;
}

export async function listInvitations(db: Db, accountId: string, status?: InvitationRow['status']) {
  return db
    .select(withInviter)
    .from(invitations)
    .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
    .where(
      status
        ? and(eq(invitations.accountId, accountId), eq(invitations.status, status))
        : eq(invitations.accountId, accountId),
    )
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
}

/**
 * Inserts a pending invitation unless the address already has one in the account (the partial unique
 * index on lower(email)); answers the new row, or nothing when a pending one was there first.
 */
export async function insertPendingInvitationOnce(tx: Db, row: typeof invitations.$inferInsert) {
  const [inserted] = await tx.insert(invitations).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** The address's pending invitation in the account, locked like `lockInvitationRow`. */
export async function lockPendingInvitationForEmail(tx: Transaction, accountId: string, email: string) {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.accountId, accountId),
        eq(invitations.status, 'pending'),
        eq(sql`lower(${invitations.email})`, email.toLowerCase()),
      ),
    )
    .for('update');
  return row;
}

export async function updateInvitation(
  tx: Db,
  id: string,
  patch: Partial<Pick<InvitationRow, 'status' | 'acceptedBy' | 'remindedAt' | 'decidedAt'>>,
) {
  await tx.update(invitations).set(patch).where(eq(invitations.id, id));
}

/** What the `/register/{id}` page shows: the company and who invited. */
export async function findInvitationDetails(db: Db, id: string) {
  const [row] = await db
    .select({ invitation: invitations, accountName: accounts.name, inviterName: inviter.name })
    .from(invitations)
    .innerJoin(accounts, eq(accounts.id, invitations.accountId))
    .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
    .where(eq(invitations.id, id));
  return row;
}
