import { roles } from '@signlink/contracts/auth/roles';
import type { Locale } from '@signlink/contracts/locales';
import { and, asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { accounts, memberships, users } from '../../db/schema/accounts.ts';

type Db = Database | Transaction;

/** Where the account's invoices go: its invoice e-mail and address, as stored. */
export async function findInvoiceDetails(db: Db, accountId: string) {
  const [account] = await db
    .select({ invoiceEmail: accounts.invoiceEmail, invoiceAddress: accounts.invoiceAddress })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return account;
}

/** Registers where invoices go: the invoice e-mail and the address as printed, one line per row. */
export async function saveInvoiceDetails(
  db: Db,
  accountId: string,
  input: { invoiceEmail: string; invoiceAddress: string },
) {
  await db.update(accounts).set(input).where(eq(accounts.id, accountId));
}

/**
 * The language an account's invoice is written in: its first administrator's (the account keeps none of its own);
 * undefined for an account without one.
 */
export async function findInvoiceLocale(db: Db, accountId: string): Promise<Locale | undefined> {
  const [admin] = await db
    .select({ locale: users.locale })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.role, roles.administrator)))
    .orderBy(asc(memberships.createdAt))
    .limit(1);
  return admin?.locale ?? undefined;
}
