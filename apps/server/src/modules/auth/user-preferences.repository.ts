import type { Locale } from '@signlink/contracts/locales';
import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { accounts, users } from '../../db/schema/accounts.ts';

type Db = Database | Transaction;

export type PreferencesRow = NonNullable<Awaited<ReturnType<typeof findPreferences>>>;

export async function findPreferences(db: Db, userId: string) {
  const [row] = await db
    .select({
      name: users.name,
      email: users.email,
      phone: users.phone,
      personalNumber: users.personalNumber,
      locale: users.locale,
      passwordHash: users.passwordHash,
      pinHash: users.pinHash,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function updatePreferences(tx: Transaction, userId: string, change: { name: string; locale: Locale }) {
  await tx.update(users).set(change).where(eq(users.id, userId));
}

/** A personal account carries its owner's name (personal-account.ts), so it follows a rename. */
export async function renamePersonalAccount(tx: Transaction, userId: string, name: string) {
  await tx
    .update(accounts)
    .set({ name })
    .where(and(eq(accounts.ownerUserId, userId), eq(accounts.kind, 'personal')));
}

export async function findLocale(db: Db, userId: string): Promise<Locale | undefined> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return row?.locale;
}

export async function updateLocale(db: Db, userId: string, locale: Locale) {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
}
