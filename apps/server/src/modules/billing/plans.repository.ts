import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { payments } from '../../db/schema/payments.ts';
import { planSubscriptions } from '../../db/schema/plans.ts';

type Db = Database | Transaction;
export type PlanRow = typeof planSubscriptions.$inferSelect;
export type NewPlanRow = typeof planSubscriptions.$inferInsert;

const liveStatuses = ['active', 'cancelled'] as const;

/**
 * The account's live plan (active, or cancelled and running until `endsAt`), if its term has not ended by `now`;
 * `lock` takes its row for the caller's transaction (a draw, a return, a cancel queue on it).
 */
export async function findLivePlan(db: Db, accountId: string, options: { now: Date; lock?: boolean }) {
  const query = db
    .select()
    .from(planSubscriptions)
    .where(and(eq(planSubscriptions.accountId, accountId), inArray(planSubscriptions.status, liveStatuses)));
  const [row] = options.lock ? await query.for('update') : await query;
  // Until the renewal job marks it ended, a term past its end is no plan any more.
  return row && row.endsAt.getTime() > options.now.getTime() ? row : undefined;
}

/**
 * The live plan if it has begun by `now`: what signatures are drawn from and what the plan's rights (sharing,
 * templates, the auth state's plan) follow. A partner may set a customer's plan up to start later; until then it
 * blocks another order (findLivePlan) but gives nothing.
 */
export async function findStartedPlan(db: Db, accountId: string, options: { now: Date; lock?: boolean }) {
  const plan = await findLivePlan(db, accountId, options);
  return plan && plan.startsAt.getTime() <= options.now.getTime() ? plan : undefined;
}

export async function findPlan(db: Db, planId: string, options = { lock: false }) {
  const query = db.select().from(planSubscriptions).where(eq(planSubscriptions.id, planId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The account's term that ends last, live or paid ahead: where a further paid term must start. */
export async function findLastPlan(tx: Transaction, accountId: string) {
  const [row] = await tx
    .select()
    .from(planSubscriptions)
    .where(
      and(
        eq(planSubscriptions.accountId, accountId),
        inArray(planSubscriptions.status, ['pending', 'active', 'cancelled']),
      ),
    )
    .orderBy(desc(planSubscriptions.endsAt))
    .limit(1);
  return row;
}

export async function insertPlan(tx: Transaction, row: NewPlanRow): Promise<PlanRow> {
  const [inserted] = await tx.insert(planSubscriptions).values(row).returning();
  if (!inserted) throw new Error(`plan ${row.id} was not written`);
  return inserted;
}

export async function updatePlan(
  tx: Transaction,
  planId: string,
  values: Partial<Pick<PlanRow, 'status' | 'yearStartsAt' | 'signaturesUsed' | 'cancelledAt' | 'cancelledBy'>>,
): Promise<PlanRow> {
  const [row] = await tx.update(planSubscriptions).set(values).where(eq(planSubscriptions.id, planId)).returning();
  if (!row) throw new Error(`plan ${planId} vanished in its own transaction`);
  return row;
}

const planAccountColumns = {
  kind: accounts.kind,
  currency: accounts.currency,
  countryCode: accounts.countryCode,
  orgNumber: accounts.orgNumber,
  name: accounts.name,
  legalName: accounts.legalName,
  invoiceEmail: accounts.invoiceEmail,
  invoiceAddress: accounts.invoiceAddress,
};

/** What plans need of the account: its kind, currency, VAT status and invoice details. */
export async function findPlanAccount(db: Db, accountId: string) {
  const [row] = await db.select(planAccountColumns).from(accounts).where(eq(accounts.id, accountId));
  if (!row) throw new Error(`the session's account ${accountId} is gone`);
  return row;
}

/** The same, its row locked: two orders for one account queue here. */
export async function lockOrderingAccount(tx: Transaction, accountId: string) {
  const [row] = await tx.select(planAccountColumns).from(accounts).where(eq(accounts.id, accountId)).for('update');
  if (!row) throw new Error(`the session's account ${accountId} is gone`);
  return row;
}

/** The account's plan payments still waiting for Stripe, with their sessions. */
export async function listPendingPlanPayments(db: Db, accountId: string) {
  return db
    .select({ id: payments.id, providerSessionId: payments.providerSessionId, createdAt: payments.createdAt })
    .from(payments)
    .where(and(eq(payments.accountId, accountId), eq(payments.kind, 'price-plan'), eq(payments.status, 'pending')));
}
