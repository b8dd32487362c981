import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { accounts, memberships } from '../../db/schema/accounts.ts';

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
