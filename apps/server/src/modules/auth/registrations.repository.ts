import { roles } from '@signlink/contracts/auth/roles';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { accounts, memberships, users } from '../../db/schema/accounts.ts';
import { registrations } from '../../db/schema/auth.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';

export type RegistrationRow = typeof registrations.$inferSelect;

export async function insertRegistration(tx: Database | Transaction, row: typeof registrations.$inferInsert) {
  await tx.insert(registrations).values(row);
}

export async function findOpenRegistration(db: Database, id: string, now: Date) {
  const [row] = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.id, id), isNull(registrations.completedAt), gt(registrations.expiresAt, now)));
  return row;
}

export async function updateRegistration(
  tx: Database | Transaction,
  id: string,
  patch: Partial<Pick<RegistrationRow, 'phoneVerifiedAt' | 'pinHash' | 'email' | 'name'>>,
) {
  await tx.update(registrations).set(patch).where(eq(registrations.id, id));
}

export async function isPhoneTaken(db: Database, phone: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  return Boolean(row);
}

export async function isEmailTaken(db: Database, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return Boolean(row);
}

/** A new user with their personal account, of which they are the administrator (SPEC section 5: one each). */
export interface NewUser {
  name: string;
  email: string;
  phone: string;
  locale: 'en-us' | 'sv' | 'es';
  currency: 'SEK' | 'EUR';
  pinHash?: string | undefined;
  personalNumber?: string | undefined;
  attribution?: Record<string, string> | null | undefined;
}

/**
 * Runs in the new user's transaction before they are made. It may answer the partner the new personal account
 * belongs to: a referral link's (SPEC section 6).
 */
/** What a sign-up's first write in the user's transaction answers: the partner, and writes that need the account. */
export type BeforeCreateUser = (tx: Transaction) => Promise<
  | {
      partnerAccountId?: string;
      afterCreate?: (
        tx: Transaction,
        made: { userId: string; accountId: string; currency: 'SEK' | 'EUR' },
      ) => Promise<void>;
    }
  | undefined
>;

async function insertUserWithPersonalAccount(tx: Transaction, user: NewUser, partnerAccountId: string | undefined) {
  const userId = newId('usr');
  const accountId = newId('acc');
  await tx.insert(users).values({
    id: userId,
    email: user.email,
    phone: user.phone,
    name: user.name,
    pinHash: user.pinHash,
    personalNumber: user.personalNumber,
    locale: user.locale,
    attribution: user.attribution ?? null,
  });
  await tx.insert(accounts).values({
    id: accountId,
    kind: 'personal',
    name: user.name,
    currency: user.currency,
    ownerUserId: userId,
    partnerAccountId: partnerAccountId ?? null,
  });
  await tx.insert(memberships).values({ userId, accountId, role: roles.administrator });
  return { userId, accountId };
}

/** The user, in a transaction of their own; a phone, e-mail or personal number taken meanwhile is "account exists". */
export async function createUser(db: Database, user: NewUser, before?: BeforeCreateUser) {
  try {
    return await db.transaction(async (tx) => {
      const links = await before?.(tx);
      const made = await insertUserWithPersonalAccount(tx, user, links?.partnerAccountId);
      await links?.afterCreate?.(tx, { ...made, currency: user.currency });
      return made.userId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('ACCOUNT_EXISTS', { cause: error });
    throw error;
  }
}

/** The phone sign-up's user, made once: closing the registration is part of the same transaction. */
export async function createRegisteredUser(
  db: Database,
  registration: Pick<RegistrationRow, 'id' | 'phone' | 'locale' | 'attribution'> & {
    email: string;
    pinHash: string;
    name: string;
    currency: 'SEK' | 'EUR';
  },
  before?: BeforeCreateUser,
): Promise<string> {
  const userId = await createUser(db, registration, async (tx) => {
    const closed = await tx
      .update(registrations)
      .set({ completedAt: new Date() })
      .where(and(eq(registrations.id, registration.id), isNull(registrations.completedAt)))
      .returning({ id: registrations.id });
    if (closed.length === 0) throw new AppError('ACCOUNT_CREATE_FAILED', { details: { reason: 'already-completed' } });
    return before?.(tx);
  });
  await db.update(registrations).set({ userId }).where(eq(registrations.id, registration.id));
  return userId;
}
