import { pricePlans } from '@signlink/contracts/billing/price-list';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { planSubscriptions } from '../../db/schema/plans.ts';
import { addYearsUtc } from '../../lib/calendar.ts';
import { newId } from '../../lib/ids.ts';

/**
 * A running plan written straight into the table, as ordering would leave it (ordering is its own module's work):
 * the account made a Swedish company with an invoice address, `years` from `startsAt`.
 */
export async function seedPlan(
  db: Database,
  input: {
    accountId: string;
    userId: string;
    startsAt: Date;
    years?: number;
    planId?: 'SMALL' | 'MEDIUM' | 'LARGE';
    paymentMethod?: 'card' | 'invoice';
    status?: 'active' | 'cancelled';
    signaturesUsed?: number;
    /** A fee other than today's, as if the price list changed since the order. */
    yearlyFeeMinor?: number;
  },
) {
  await db
    .update(accounts)
    .set({ countryCode: 'SE', legalName: 'Renewal AB', invoiceEmail: null, invoiceAddress: 'Box 1, 111 11 Stockholm' })
    .where(eq(accounts.id, input.accountId));
  const planId = input.planId ?? 'MEDIUM';
  const years = input.years ?? 1;
  const id = newId('plan');
  const [row] = await db
    .insert(planSubscriptions)
    .values({
      id,
      accountId: input.accountId,
      planId,
      years,
      signaturesPerYear: pricePlans[planId].signaturesPerYear,
      yearlyFeeMinor: input.yearlyFeeMinor ?? pricePlans[planId].yearlyFee.SEK,
      currency: 'SEK',
      paymentMethod: input.paymentMethod ?? 'invoice',
      status: input.status ?? 'active',
      startsAt: input.startsAt,
      endsAt: addYearsUtc(input.startsAt, years),
      yearStartsAt: input.startsAt,
      signaturesUsed: input.signaturesUsed ?? 0,
      orderedBy: input.userId,
    })
    .returning();
  if (!row) throw new Error('plan not written');
  return row;
}

export async function plansOf(db: Database, accountId: string) {
  const rows = await db.select().from(planSubscriptions).where(eq(planSubscriptions.accountId, accountId));
  return rows.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}
