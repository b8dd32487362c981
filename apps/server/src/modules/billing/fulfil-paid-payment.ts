import type { Transaction } from '../../db/database.ts';
import { creditTopUp } from './credit-top-up.ts';
import { fulfilAddOn } from './fulfil-add-on.ts';
import type { PaymentRow } from './payments.repository.ts';
import { startPaidPlan } from './start-paid-plan.ts';

/** The period a receipt prints (SPEC section 3, Receipt "period, renews/ends"); all empty for a top-up. */
export interface PaidPeriod {
  periodStart: Date | null;
  periodEnd: Date | null;
  renews: boolean | null;
}

/**
 * What a payment buys, delivered in the transaction that moves it to paid (apply-checkout-session.ts), so once per
 * payment: balance for a top-up, the plan's term for a plan, the add-on's year for an add-on. Each kind's module
 * owns its delivery; this only chooses it.
 */
export async function fulfilPaidPayment(tx: Transaction, payment: PaymentRow, at: Date): Promise<PaidPeriod> {
  switch (payment.kind) {
    case 'top-up':
      await creditTopUp(tx, {
        accountId: payment.accountId,
        paymentId: payment.id,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
      });
      return { periodStart: null, periodEnd: null, renews: null };
    case 'price-plan':
      return startPaidPlan(tx, payment, at);
    case 'add-on': {
      // An add-on's year ends unless bought again (no automatic renewal, unlike a plan).
      const period = await fulfilAddOn(tx, payment, at);
      return { periodStart: period.start, periodEnd: period.end, renews: false };
    }
    default:
      // A kind whose delivery is not wired must not be marked paid silently: the transaction rolls back.
      throw new Error(`no delivery for payments of kind ${payment.kind} (payment ${payment.id}, ${at.toISOString()})`);
  }
}
