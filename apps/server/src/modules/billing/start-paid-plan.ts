import { pricePlanIds, pricePlans } from '@signlink/contracts/billing/price-list';
import type { Transaction } from '../../db/database.ts';
import { addYearsUtc } from '../../lib/calendar.ts';
import { newId } from '../../lib/ids.ts';
import type { PaidPeriod } from './fulfil-paid-payment.ts';
import { type PaymentRow, setPaymentPeriod } from './payments.repository.ts';
import { findLastPlan, findLivePlan, insertPlan } from './plans.repository.ts';

const isPlanId = (value: string | null) => pricePlanIds.some((id) => id === value);

/**
 * A paid plan order's delivery, in the transaction that marks the payment paid: the plan starts at payment, for the
 * years ordered (the payment's period as ordered), with the price list's signatures per year. Ordering keeps one
 * plan checkout open per account, but should a second plan be paid while one is live (a partner's plan, an invoice
 * order racing a checkout), the paid term is not lost: it is written to start when the last term ends (`pending`,
 * `renewalOf` that term, so the renewal job takes it as that term's successor rather than charging again).
 */
export async function startPaidPlan(tx: Transaction, payment: PaymentRow, at: Date): Promise<PaidPeriod> {
  const planId = payment.productId;
  if (!isPlanId(planId) || !payment.periodStart || !payment.periodEnd) {
    throw new Error(`plan payment ${payment.id} names no plan or term`);
  }
  const plan = pricePlans[planId as keyof typeof pricePlans];
  // addYearsUtc keeps the calendar-year difference exact, even from 29 February.
  const years = payment.periodEnd.getUTCFullYear() - payment.periodStart.getUTCFullYear();
  const live = await findLivePlan(tx, payment.accountId, { now: at, lock: true });
  const last = live ? await findLastPlan(tx, payment.accountId) : undefined;
  const startsAt = last ? last.endsAt : at;
  const endsAt = addYearsUtc(startsAt, years);
  await insertPlan(tx, {
    id: newId('plan'),
    accountId: payment.accountId,
    planId: planId as keyof typeof pricePlans,
    years,
    signaturesPerYear: plan.signaturesPerYear,
    yearlyFeeMinor: Math.round(payment.amountMinor / years),
    currency: payment.currency,
    paymentMethod: 'card',
    status: last ? 'pending' : 'active',
    startsAt,
    endsAt,
    yearStartsAt: startsAt,
    paymentId: payment.id,
    renewalOf: last?.id ?? null,
    orderedBy: payment.createdBy,
  });
  await setPaymentPeriod(tx, { paymentId: payment.id, start: startsAt, end: endsAt });
  return { periodStart: startsAt, periodEnd: endsAt, renews: true };
}
