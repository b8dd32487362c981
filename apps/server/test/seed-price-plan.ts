import { type PricePlanId, pricePlans } from '@signlink/contracts/billing/price-list';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../src/db/database.ts';
import { accounts } from '../src/db/schema/accounts.ts';
import { planSubscriptions } from '../src/db/schema/plans.ts';
import { addYearsUtc } from '../src/lib/calendar.ts';
import { newId } from '../src/lib/ids.ts';

/**
 * A live plan for an account, as an invoice order would leave it (tests that need a plan without ordering one:
 * sharing needs MEDIUM or LARGE, SPEC section 5). Any earlier live plan of the account is ended first, so it can be
 * called again for the same account.
 */
export async function seedPricePlan(
  db: Database,
  input: { accountId: string; planId?: PricePlanId; startsAt?: Date; years?: number; signaturesUsed?: number },
) {
  const planId = input.planId ?? 'MEDIUM';
  const startsAt = input.startsAt ?? new Date();
  const years = input.years ?? 1;
  await endLivePlans(db, input.accountId);
  const [account] = await db
    .select({ currency: accounts.currency })
    .from(accounts)
    .where(eq(accounts.id, input.accountId));
  const currency = account?.currency ?? 'SEK';
  const [plan] = await db
    .insert(planSubscriptions)
    .values({
      id: newId('plan'),
      accountId: input.accountId,
      planId,
      years,
      signaturesPerYear: pricePlans[planId].signaturesPerYear,
      yearlyFeeMinor: pricePlans[planId].yearlyFee[currency],
      currency,
      paymentMethod: 'invoice',
      status: 'active',
      startsAt,
      endsAt: addYearsUtc(startsAt, years),
      yearStartsAt: startsAt,
      signaturesUsed: input.signaturesUsed ?? 0,
    })
    .returning();
  if (!plan) throw new Error('the plan was not written');
  return plan;
}

/** Ends the account's live plans, so a test can order or seed another. */
export async function endLivePlans(db: Database, accountId: string) {
  await db
    .update(planSubscriptions)
    .set({ status: 'ended' })
    .where(and(eq(planSubscriptions.accountId, accountId), inArray(planSubscriptions.status, ['active', 'cancelled'])));
}

/** Registers the account as an invoice customer (invoice e-mail and address). */
export async function makeInvoiceCustomer(db: Database, accountId: string) {
  await db
    .update(accounts)
    .set({ invoiceEmail: 'invoices@example.com', invoiceAddress: 'Storgatan 1\n111 22 Stockholm' })
    .where(eq(accounts.id, accountId));
}
