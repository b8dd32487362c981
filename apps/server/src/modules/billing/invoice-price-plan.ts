import { type PricePlanId, pricePlans } from '@signlink/contracts/billing/price-list';
import type { InvoicePricePlanResponse } from '@signlink/contracts/billing/price-plans';
import { vatOf, vatPercentFor } from '@signlink/contracts/billing/vat';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { addYearsUtc } from '../../lib/calendar.ts';
import { newId } from '../../lib/ids.ts';
import { authorize } from '../document-core/account.policy.ts';
import { insertInvoice } from './invoices.repository.ts';
import { assertNoPlanNorOrder, closeOpenPlanCheckouts } from './plan-orders.ts';
import { assertCanHoldPlan, isInvoiceCustomer } from './plan-rules.ts';
import { insertPlan, lockOrderingAccount } from './plans.repository.ts';
import { presentActivePlan } from './price-plans.presenter.ts';
import { queueInvoiceSending } from './send-invoices.job.ts';
import type { CheckoutDeps } from './start-checkout-payment.ts';

/**
 * `POST linktinker/app/priceplans/{pricePlanId}/invoice`: for invoice customers, the plan starts at once and the
 * whole term is invoiced now, since plans are prepaid (SPEC sections 3 and 9), 10 days net, in one transaction with
 * the plan. The invoice mailer sends it to the invoice e-mail as soon as this commits.
 */
export async function invoicePricePlan(
  deps: CheckoutDeps & { queue?: JobQueue },
  actor: Actor,
  input: { planId: PricePlanId; years: number; now?: Date },
): Promise<InvoicePricePlanResponse> {
  authorize(actor, 'balance.fund');
  const now = input.now ?? new Date();
  // An open card checkout for a plan would otherwise be payable next to this plan.
  await closeOpenPlanCheckouts(deps, actor.accountId);
  return deps.db.transaction(async (tx) => {
    const account = await lockOrderingAccount(tx, actor.accountId);
    assertCanHoldPlan(account);
    await assertNoPlanNorOrder(tx, actor.accountId, now);
    if (!isInvoiceCustomer(account) || !account.invoiceEmail) throw new AppError('INVOICE_DETAILS_MISSING');
    const price = pricePlans[input.planId];
    const yearlyFeeMinor = price.yearlyFee[account.currency];
    const endsAt = addYearsUtc(now, input.years);
    const plan = await insertPlan(tx, {
      id: newId('plan'),
      accountId: actor.accountId,
      planId: input.planId,
      years: input.years,
      signaturesPerYear: price.signaturesPerYear,
      yearlyFeeMinor,
      currency: account.currency,
      paymentMethod: 'invoice',
      status: 'active',
      startsAt: now,
      endsAt,
      yearStartsAt: now,
      orderedBy: actor.userId,
    });
    const subtotalMinor = yearlyFeeMinor * input.years;
    const vatPercent = vatPercentFor(account);
    const vatMinor = vatOf(subtotalMinor, vatPercent);
    const invoice = await insertInvoice(tx, {
      id: newId('inv'),
      accountId: actor.accountId,
      description: `Price plan ${input.planId}, ${input.years} ${input.years === 1 ? 'year' : 'years'}`,
      subtotalMinor,
      vatPercent,
      vatMinor,
      totalMinor: subtotalMinor + vatMinor,
      currency: account.currency,
      buyerName: account.legalName ?? account.name,
      buyerAddress: account.invoiceAddress,
      invoiceEmail: account.invoiceEmail,
      periodStart: now,
      periodEnd: endsAt,
      planSubscriptionId: plan.id,
      issuedAt: now,
    });
    // Sent once this commits rather than at the mailer's next round.
    if (deps.queue) await queueInvoiceSending(deps.queue, tx);
    return { Plan: presentActivePlan(plan, now), InvoiceId: invoice.id, InvoiceNumber: invoice.number };
  });
}
