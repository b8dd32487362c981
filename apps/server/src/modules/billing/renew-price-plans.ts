import { pricePlans } from '@signlink/contracts/billing/price-list';
import { vatOf, vatPercentFor } from '@signlink/contracts/billing/vat';
import type { PaymentsProvider } from '@signlink/providers/payments/payments.port';
import type { Database } from '../../db/database.ts';
import type { JobLogger } from '../../jobs/job-definition.ts';
import { addYearsUtc } from '../../lib/calendar.ts';
import { newId } from '../../lib/ids.ts';
import { syncRenewalPayments } from './bill-renewal-by-card.ts';
import { insertInvoice } from './invoices.repository.ts';
import { insertPayment } from './payments.repository.ts';
import {
  endPlan,
  findBillingContact,
  insertPlan,
  listDuePlanIds,
  listPlanIdsWithYearOver,
  lockPlan,
  lockQueuedPlan,
  type PlanRow,
  startQueuedPlan,
  writePlanYear,
} from './plan-renewals.repository.ts';
import { planYearOf } from './plan-year.ts';

export type RenewalOutcome =
  /** Not due, or another run got there first. */
  | { kind: 'skipped' }
  /** Cancelled in time (SPEC section 4): ended, not renewed. */
  | { kind: 'ended' }
  /** A term paid ahead followed: it starts instead of a renewal, which it is. */
  | { kind: 'started'; planId: string }
  | { kind: 'renewed'; planId: string; paymentId: string | null; invoiceId: string | null };

const batchSize = 200;

const planDescriptionOf = (plan: Pick<PlanRow, 'planId' | 'years'>) =>
  `Price plan ${plan.planId}, ${plan.years} ${plan.years === 1 ? 'year' : 'years'}`;

/**
 * One plan's term is over (SPEC sections 4 and 9): in one transaction with its row locked, it ends, and unless it
 * was cancelled the next term starts where it ended, for as many years, at today's price list, active at once. An
 * invoice plan gets its invoice with the new term; a card plan a pending payment, which a Stripe invoice bills once
 * this commits (bill-renewal-by-card.ts). A second run finds the row ended and does nothing.
 */
export async function renewPlan(db: Database, input: { planId: string; now: Date }): Promise<RenewalOutcome> {
  const { now } = input;
  return db.transaction(async (tx) => {
    const plan = await lockPlan(tx, input.planId);
    if (!plan || (plan.status !== 'active' && plan.status !== 'cancelled') || plan.endsAt > now) {
      return { kind: 'skipped' };
    }
    // First, so that the new term is the account's one live plan.
    await endPlan(tx, plan.id);
    const queued = await lockQueuedPlan(tx, plan.id);
    if (queued) {
      await startQueuedPlan(tx, queued.id);
      return { kind: 'started', planId: queued.id };
    }
    if (plan.status === 'cancelled') return { kind: 'ended' };
    const contact = await findBillingContact(tx, { accountId: plan.accountId, userId: plan.orderedBy });
    if (!contact) throw new Error(`plan ${plan.id} names no account`);
    const price = pricePlans[plan.planId];
    const yearlyFeeMinor = price.yearlyFee[plan.currency];
    const amountMinor = yearlyFeeMinor * plan.years;
    const vatPercent = vatPercentFor(contact);
    const vatMinor = vatOf(amountMinor, vatPercent);
    const startsAt = plan.endsAt;
    const endsAt = addYearsUtc(startsAt, plan.years);
    const description = planDescriptionOf(plan);
    const planId = newId('plan');
    const paymentId = plan.paymentMethod === 'card' ? newId('pay') : null;
    const charge = { amountMinor, vatPercent, vatMinor, currency: plan.currency, description };
    if (paymentId) {
      await insertPayment(tx, {
        id: paymentId,
        accountId: plan.accountId,
        kind: 'price-plan',
        productId: plan.planId,
        periodStart: startsAt,
        periodEnd: endsAt,
        ...charge,
        totalMinor: amountMinor + vatMinor,
        isRenewal: true,
      });
    }
    await insertPlan(tx, {
      id: planId,
      accountId: plan.accountId,
      planId: plan.planId,
      years: plan.years,
      signaturesPerYear: price.signaturesPerYear,
      yearlyFeeMinor,
      currency: plan.currency,
      paymentMethod: plan.paymentMethod,
      status: 'active',
      startsAt,
      endsAt,
      yearStartsAt: startsAt,
      paymentId,
      renewalOf: plan.id,
      orderedBy: plan.orderedBy,
    });
    if (paymentId) return { kind: 'renewed', planId, paymentId, invoiceId: null };
    const invoice = await insertInvoice(tx, {
      id: newId('inv'),
      accountId: plan.accountId,
      ...charge,
      subtotalMinor: amountMinor,
      totalMinor: amountMinor + vatMinor,
      buyerName: contact.buyerName,
      buyerAddress: contact.invoiceAddress,
      // An invoice customer registered an invoice e-mail; failing that, the orderer's, as for a card renewal.
      invoiceEmail: contact.email ?? '',
      periodStart: startsAt,
      periodEnd: endsAt,
      planSubscriptionId: planId,
      issuedAt: now,
    });
    return { kind: 'renewed', planId, paymentId: null, invoiceId: invoice.id };
  });
}

/**
 * A multi-year plan's year rolled: its count starts again from zero, so the signatures left unused visibly lapse
 * (SPEC section 9). The draw writes the same back when it next runs; whichever is first, the other finds it done.
 */
export async function rollPlanYear(db: Database, input: { planId: string; now: Date }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const plan = await lockPlan(tx, input.planId);
    if (!plan || (plan.status !== 'active' && plan.status !== 'cancelled')) return false;
    const year = planYearOf(plan, input.now);
    if (!year.rolled) return false;
    await writePlanYear(tx, { planId: plan.id, yearStartsAt: year.yearStartsAt });
    return true;
  });
}

/**
 * The renewal job's run: every plan due at `now` renewed or ended, plan years rolled, then every renewal payment
 * billed by Stripe invoice (one left without, by a crash after the commit, included) or checked with Stripe.
 * Each plan is its own transaction, so one plan's trouble is logged and the rest go on; the next hour retries it.
 */
export async function renewPricePlans(
  deps: { db: Database; provider: PaymentsProvider | undefined; logger: JobLogger },
  now: Date,
) {
  const counts = { renewed: 0, started: 0, ended: 0, yearsRolled: 0, failed: 0 };
  for (const planId of await listDuePlanIds(deps.db, { now, limit: batchSize })) {
    try {
      const outcome = await renewPlan(deps.db, { planId, now });
      if (outcome.kind === 'renewed') counts.renewed += 1;
      if (outcome.kind === 'ended') counts.ended += 1;
      if (outcome.kind === 'started') counts.started += 1;
    } catch (error) {
      counts.failed += 1;
      deps.logger.error({ planId, err: error }, 'Could not renew a price plan');
    }
  }
  for (const planId of await listPlanIdsWithYearOver(deps.db, { now, limit: batchSize })) {
    try {
      if (await rollPlanYear(deps.db, { planId, now })) counts.yearsRolled += 1;
    } catch (error) {
      counts.failed += 1;
      deps.logger.error({ planId, err: error }, "Could not roll a price plan's year");
    }
  }
  const billing = deps.provider ? await syncRenewalPayments({ ...deps, provider: deps.provider }) : undefined;
  return { ...counts, ...billing };
}
