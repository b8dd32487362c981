import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { planSubscriptions } from '../../db/schema/plans.ts';

/**
 * A plan a partner set up for their customer (SPEC section 3, Customer account): written directly, with no payment
 * behind it, since the partner invoices or is invoiced for it.
 */
export async function insertCustomerPlan(tx: Transaction, row: typeof planSubscriptions.$inferInsert) {
  const [inserted] = await tx.insert(planSubscriptions).values(row).returning();
  if (!inserted) throw new Error('plan not inserted');
  return inserted;
}

/** The account with the partner it is a customer of, if any. */
export async function findAccountWithPartner(db: Database, accountId: string) {
  const [row] = await db
    .select({
      id: accounts.id,
      currency: accounts.currency,
      invoiceEmail: accounts.invoiceEmail,
      partnerAccountId: accounts.partnerAccountId,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row;
}
