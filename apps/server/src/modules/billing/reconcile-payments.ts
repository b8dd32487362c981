import type { PaymentsProvider } from '@signlink/providers/payments/payments.port';
import type { Database } from '../../db/database.ts';
import type { JobLogger } from '../../jobs/job-definition.ts';
import { applyCheckoutSession } from './apply-checkout-session.ts';
import { listStalePendingPayments } from './payments.repository.ts';

/** Younger payments are still in the buyer's hands or their webhook is on its way. */
export const reconcileAfterMs = 60_000;
const batchSize = 100;

/**
 * Asks Stripe about every payment still pending a minute after it began, and applies what Stripe says through the
 * webhook's own path: a webhook lost, or a crash between Stripe's answer and our write, is recovered here. Stripe
 * expires an unpaid session after 24 hours and says so, so a pending payment leaves this list within a day.
 */
export async function reconcilePendingPayments(
  deps: { db: Database; provider: PaymentsProvider; logger: JobLogger },
  now = new Date(),
): Promise<{ asked: number; changed: number }> {
  const stale = await listStalePendingPayments(deps.db, {
    before: new Date(now.getTime() - reconcileAfterMs),
    limit: batchSize,
  });
  let changed = 0;
  for (const payment of stale) {
    if (!payment.providerSessionId) continue;
    try {
      const session = await deps.provider.retrieveCheckoutSession(payment.providerSessionId);
      const outcome = await applyCheckoutSession(deps.db, { session });
      if (outcome.kind === 'applied' && outcome.from !== outcome.to) changed += 1;
      if (outcome.kind === 'mismatch') {
        deps.logger.error({ paymentId: payment.id }, "Stripe's session total differs from the payment's");
      }
    } catch (error) {
      // One payment's trouble must not stop the others; the next run asks again.
      deps.logger.warn({ paymentId: payment.id, err: error }, 'Could not reconcile a pending payment');
    }
  }
  return { asked: stale.length, changed };
}
