import { roles } from '@signlink/contracts/auth/roles';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { accounts, memberships, users } from '../../db/schema/accounts.ts';

type Db = Database | Transaction;

/** What an administrator changes in the account's settings: its address, defaults and recipient page. */
export type AccountSettingsPatch = Partial<
  Pick<
    typeof accounts.$inferInsert,
    | 'addressLine1'
    | 'addressLine2'
    | 'zipCode'
    | 'city'
    | 'province'
    | 'invoiceAddress'
    | 'invoiceEmail'
    | 'defaultAccessLevel'
    | 'consentMessage'
    | 'privacyUrl'
    | 'logoStorageKey'
    | 'logoContentType'
  >
>;

export async function updateAccountSettings(db: Db, accountId: string, patch: AccountSettingsPatch) {
  await db.update(accounts).set(patch).where(eq(accounts.id, accountId));
}

/** Forgets the account's logo; false when there is no such account. */
export async function clearAccountLogo(db: Db, accountId: string) {
  const [account] = await db
    .update(accounts)
    .set({ logoStorageKey: null, logoContentType: null })
    .where(eq(accounts.id, accountId))
    .returning({ id: accounts.id });
  return account !== undefined;
}

export async function findRecipientPageSettings(db: Db, accountId: string) {
  const [account] = await db
    .select({
      consentMessage: accounts.consentMessage,
      privacyUrl: accounts.privacyUrl,
      logoStorageKey: accounts.logoStorageKey,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return account;
}

export async function findUserNameAndEmail(db: Db, userId: string) {
  const [user] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  return user;
}

export async function setUserEmail(db: Db, userId: string, email: string) {
  await db.update(users).set({ email }).where(eq(users.id, userId));
}

/** The user's personal account, with them as its administrator. */
export async function insertPersonalAccountOf(
  tx: Transaction,
  input: {
    accountId: string;
    userId: string;
    name: string;
    currency: 'SEK' | 'EUR';
    invoiceEmail: string;
    partnerAccountId?: string | undefined;
  },
) {
  await tx.insert(accounts).values({
    id: input.accountId,
    kind: 'personal',
    name: input.name,
    currency: input.currency,
    ownerUserId: input.userId,
    invoiceEmail: input.invoiceEmail,
    ...(input.partnerAccountId ? { partnerAccountId: input.partnerAccountId } : {}),
  });
  await tx.insert(memberships).values({ userId: input.userId, accountId: input.accountId, role: roles.administrator });
}
