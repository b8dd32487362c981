import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/database.ts';
import { accounts, users } from '../../db/schema/accounts.ts';
import { accountInvitations } from '../../db/schema/partners.ts';

type Db = Database | Transaction;

export type CustomerInvitationRow = typeof accountInvitations.$inferSelect;

const inviter = alias(users, 'inviter');
const createdAccount = alias(accounts, 'created_account');
const partner = alias(accounts, 'partner');

/** An invitation with who sent it and the account it became, as lists and answers show it. */
const listed = {
  invitation: accountInvitations,
  inviterName: inviter.name,
  createdAccountName: createdAccount.name,
} as const;
export type ListedCustomerInvitation = {
  invitation: CustomerInvitationRow;
  inviterName: string | null;
  createdAccountName: string | null;
};

function listedQuery(db: Db) {
  return db
    .select(listed)
    .from(accountInvitations)
    .leftJoin(inviter, eq(inviter.id, accountInvitations.invitedBy))
    .leftJoin(createdAccount, eq(createdAccount.id, accountInvitations.createdAccountId));
}

export async function findCustomerInvitation(db: Db, id: string): Promise<ListedCustomerInvitation | undefined> {
  const [row] = await listedQuery(db).where(eq(accountInvitations.id, id));
  return row;
}

export async function listCustomerInvitations(db: Db, partnerAccountId: string) {
  return listedQuery(db)
    .where(eq(accountInvitations.partnerAccountId, partnerAccountId))
    .orderBy(desc(accountInvitations.createdAt), desc(accountInvitations.id));
}

/** Locked until the transaction ends: a remind, revoke and accept of one invitation run one at a time. */
export async function lockCustomerInvitationRow(tx: Transaction, id: string) {
  const [row] = await tx.select().from(accountInvitations).where(eq(accountInvitations.id, id)).for('update');
  return row;
}

/**
 * Inserts a pending invitation unless the partner already has one for the address, kind and company (the
 * partial unique index); answers the new row, or nothing when a pending one was there first.
 */
export async function insertPendingCustomerInvitationOnce(tx: Db, row: typeof accountInvitations.$inferInsert) {
  const [inserted] = await tx.insert(accountInvitations).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** The pending invitation the unique index matched, locked like `lockCustomerInvitationRow`. */
export async function lockPendingCustomerInvitation(
  tx: Transaction,
  key: { partnerAccountId: string; kind: CustomerInvitationRow['kind']; email: string; orgNumber: string | null },
) {
  const [row] = await tx
    .select()
    .from(accountInvitations)
    .where(
      and(
        eq(accountInvitations.partnerAccountId, key.partnerAccountId),
        eq(accountInvitations.kind, key.kind),
        eq(accountInvitations.status, 'pending'),
        eq(sql`lower(${accountInvitations.email})`, key.email.toLowerCase()),
        eq(sql`coalesce(${accountInvitations.orgNumber}, '')`, key.orgNumber ?? ''),
      ),
    )
    .for('update');
  return row;
}

export async function updateCustomerInvitation(
  tx: Db,
  id: string,
  patch: Partial<
    Pick<CustomerInvitationRow, 'status' | 'acceptedBy' | 'createdAccountId' | 'remindedAt' | 'decidedAt'>
  >,
) {
  await tx.update(accountInvitations).set(patch).where(eq(accountInvitations.id, id));
}

/** What the `/register/{id}` page shows: the partner, who invited, and what is offered. */
export async function findCustomerInvitationDetails(db: Db, id: string) {
  const [row] = await db
    .select({ invitation: accountInvitations, partnerName: partner.name, inviterName: inviter.name })
    .from(accountInvitations)
    .innerJoin(partner, eq(partner.id, accountInvitations.partnerAccountId))
    .leftJoin(inviter, eq(inviter.id, accountInvitations.invitedBy))
    .where(eq(accountInvitations.id, id));
  return row;
}

/** The user's one personal account (SPEC section 5), with the partner that brought it, if any. */
export async function findPersonalAccountOf(db: Db, userId: string) {
  const [row] = await db
    .select({ id: accounts.id, partnerAccountId: accounts.partnerAccountId })
    .from(accounts)
    .where(and(eq(accounts.ownerUserId, userId), eq(accounts.kind, 'personal')));
  return row;
}

/** Records the partner on an account no partner brought yet; false when one did meanwhile. */
export async function recordPartnerOnce(tx: Db, accountId: string, partnerAccountId: string): Promise<boolean> {
  const updated = await tx
    .update(accounts)
    .set({ partnerAccountId })
    .where(and(eq(accounts.id, accountId), isNull(accounts.partnerAccountId)))
    .returning({ id: accounts.id });
  return updated.length > 0;
}
