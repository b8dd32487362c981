import { roles } from '@signlink/contracts/auth/roles';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { accounts, balanceEntries, memberships, users } from '../../db/schema/accounts.ts';
import { newId } from '../../lib/ids.ts';

/** What the registry (a Swedish company) or the creator (a foreign one) says about a company account. */
export type CompanyFields = Pick<
  typeof accounts.$inferInsert,
  | 'name'
  | 'legalName'
  | 'orgNumber'
  | 'vatNumber'
  | 'addressLine1'
  | 'addressLine2'
  | 'zipCode'
  | 'city'
  | 'province'
  | 'countryCode'
  | 'currency'
>;

/**
 * The user's company account with this organisation number, when they already act for one (SPEC section 5: one
 * per company and person). `exceptAccountId` leaves out the account whose own number is being proven again.
 */
export async function findHeldCompanyAccount(
  db: Database,
  userId: string,
  orgNumber: string,
  exceptAccountId?: string,
) {
  const [held] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .innerJoin(memberships, and(eq(memberships.accountId, accounts.id), eq(memberships.userId, userId)))
    .where(and(eq(accounts.orgNumber, orgNumber), exceptAccountId ? ne(accounts.id, exceptAccountId) : undefined))
    .limit(1);
  return held?.id;
}

/** A new company account with its creator as administrator. */
export async function insertCompanyAccount(
  tx: Transaction,
  input: {
    accountId: string;
    administratorUserId: string;
    fields: CompanyFields;
    balanceMinor: number;
    invoiceEmail?: string | undefined;
    partnerAccountId?: string | undefined;
  },
) {
  await tx.insert(accounts).values({
    id: input.accountId,
    kind: 'company',
    ...input.fields,
    balanceMinor: input.balanceMinor,
    ...(input.invoiceEmail ? { invoiceEmail: input.invoiceEmail } : {}),
    ...(input.partnerAccountId ? { partnerAccountId: input.partnerAccountId } : {}),
  });
  await tx
    .insert(memberships)
    .values({ userId: input.administratorUserId, accountId: input.accountId, role: roles.administrator });
}

/**
 * Whether the welcome offer is still there to give for this organisation number (issue 20: once per company, not
 * once per account made for it, since each person may make their own). Takes a transaction-scoped lock on the
 * number first, so two accounts made at once for one company cannot both get it.
 */
export async function claimWelcomeOffer(tx: Transaction, orgNumber: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`welcome-offer:${orgNumber}`}, 0))`);
  const [given] = await tx
    .select({ id: balanceEntries.id })
    .from(balanceEntries)
    .innerJoin(accounts, eq(accounts.id, balanceEntries.accountId))
    .where(and(eq(accounts.orgNumber, orgNumber), eq(balanceEntries.kind, 'welcome-offer')))
    .limit(1);
  return !given;
}

/** The welcome offer's line in the balance ledger (SEK only, SPEC section 5). */
export async function insertWelcomeOfferEntry(tx: Transaction, input: { accountId: string; amountMinor: number }) {
  await tx.insert(balanceEntries).values({
    id: newId('bal'),
    accountId: input.accountId,
    kind: 'welcome-offer',
    amountMinor: input.amountMinor,
    currency: 'SEK',
    note: 'Welcome offer for a new company account',
  });
}

export async function findUserPersonalNumber(db: Database, userId: string) {
  const [user] = await db.select({ personalNumber: users.personalNumber }).from(users).where(eq(users.id, userId));
  return user?.personalNumber ?? null;
}

export async function findAccountById(db: Database, accountId: string) {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  return account;
}

/**
 * Writes a proven number and what the registry says, only while the account has no number or this one: false when
 * another administrator proved another number meanwhile.
 */
export async function recordProvenOrgNumber(
  tx: Transaction,
  input: { accountId: string; orgNumber: string; fields: Partial<CompanyFields> },
) {
  const updated = await tx
    .update(accounts)
    .set(input.fields)
    .where(
      and(eq(accounts.id, input.accountId), or(isNull(accounts.orgNumber), eq(accounts.orgNumber, input.orgNumber))),
    )
    .returning({ id: accounts.id });
  return updated.length > 0;
}

/** The ids the user signed up or logged in with (SPEC section 3, Login credentials payload). */
export async function findUserAttribution(db: Database, userId: string) {
  const [row] = await db.select({ attribution: users.attribution }).from(users).where(eq(users.id, userId));
  return row?.attribution ?? null;
}
