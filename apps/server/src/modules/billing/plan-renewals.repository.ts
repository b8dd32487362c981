import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { accounts, users } from '../../db/schema/accounts.ts';
import { payments } from '../../db/schema/payments.ts';
import { planSubscriptions } from '../../db/schema/plans.ts';

type Db = Database | Transaction;
export type PlanRow = typeof planSubscriptions.$inferSelect;

const isLive = inArray(planSubscriptions.status, ['active', 'cancelled']);

/** Live plans whose term is over at `now`, oldest end first: what the renewal job works through. */
export async function listDuePlanIds(db: Db, input: { now: Date; limit: number }): Promise<string[]> {
  const rows = await db
    .select({ id: planSubscriptions.id })
    .from(planSubscriptions)
    .where(and(isLive, lte(planSubscriptions.endsAt, input.now)))
    .orderBy(asc(planSubscriptions.endsAt))
    .limit(input.limit);
  return rows.map((row) => row.id);
}

/** Live plans whose stored plan year is over at `now` (a multi-year plan's year rolled): their count must reset. */
export async function listPlanIdsWithYearOver(db: Db, input: { now: Date; limit: number }): Promise<string[]> {
  const rows = await db
    .select({ id: planSubscriptions.id })
    .from(planSubscriptions)
    .where(
      and(
        isLive,
        sql`${planSubscriptions.yearStartsAt} + interval '1 year' <= ${input.now.toISOString()}::timestamptz`,
        sql`${planSubscriptions.yearStartsAt} + interval '1 year' < ${planSubscriptions.endsAt}`,
      ),
    )
    .limit(input.limit);
  return rows.map((row) => row.id);
}

/** The plan, its row locked for the caller's transaction: two runs of the job queue here. */
export async function lockPlan(tx: Transaction, planId: string): Promise<PlanRow | undefined> {
  const [row] = await tx.select().from(planSubscriptions).where(eq(planSubscriptions.id, planId)).for('update');
  return row;
}

/**
 * A term already paid for, waiting for `planId` to end (start-paid-plan.ts queues a card plan paid while another
 * ran); locked, as the renewal starts it.
 */
export async function lockQueuedPlan(tx: Transaction, planId: string): Promise<PlanRow | undefined> {
  const [row] = await tx
    .select()
    .from(planSubscriptions)
    .where(and(eq(planSubscriptions.renewalOf, planId), eq(planSubscriptions.status, 'pending')))
    .for('update');
  return row;
}

export async function startQueuedPlan(tx: Transaction, planId: string) {
  await tx.update(planSubscriptions).set({ status: 'active' }).where(eq(planSubscriptions.id, planId));
}

export async function endPlan(tx: Transaction, planId: string) {
  await tx.update(planSubscriptions).set({ status: 'ended' }).where(eq(planSubscriptions.id, planId));
}

export async function insertPlan(tx: Transaction, row: typeof planSubscriptions.$inferInsert) {
  await tx.insert(planSubscriptions).values(row);
}

export async function writePlanYear(tx: Transaction, input: { planId: string; yearStartsAt: Date }) {
  await tx
    .update(planSubscriptions)
    .set({ yearStartsAt: input.yearStartsAt, signaturesUsed: 0 })
    .where(eq(planSubscriptions.id, input.planId));
}

/**
 * Who a renewal is billed to: the account's invoice e-mail and address, or else the e-mail of the user who ordered
 * the plan; and the name to print.
 */
export async function findBillingContact(db: Db, input: { accountId: string; userId: string | null }) {
  const [account] = await db
    .select({
      name: accounts.name,
      legalName: accounts.legalName,
      invoiceEmail: accounts.invoiceEmail,
      invoiceAddress: accounts.invoiceAddress,
      countryCode: accounts.countryCode,
      orgNumber: accounts.orgNumber,
    })
    .from(accounts)
    .where(eq(accounts.id, input.accountId));
  if (!account) return undefined;
  const [orderer] = input.userId
    ? await db.select({ email: users.email }).from(users).where(eq(users.id, input.userId))
    : [];
  return {
    ...account,
    buyerName: account.legalName ?? account.name,
    email: account.invoiceEmail ?? orderer?.email ?? null,
  };
}

/** Renewal payments still pending: those without a Stripe invoice need one, the others may have been paid. */
export async function listPendingRenewalPayments(db: Db, input: { limit: number }) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.isRenewal, true), eq(payments.status, 'pending')))
    .orderBy(asc(payments.createdAt))
    .limit(input.limit);
}

export async function findPlanOfPayment(db: Db, paymentId: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(planSubscriptions).where(eq(planSubscriptions.paymentId, paymentId));
  return row;
}
