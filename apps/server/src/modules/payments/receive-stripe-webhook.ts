import { type PaymentsProvider, PaymentWebhookSignatureError } from '@signlink/providers/payments/payments.port';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { JobLogger } from '../../jobs/job-definition.ts';
import { type ApplyOutcome, applyCheckoutSession } from '../billing/apply-checkout-session.ts';
import { applyStripeInvoice } from '../billing/apply-stripe-invoice.ts';
import { applySignPaySession, type SignPayApplyOutcome } from '../sign-pay/apply-sign-pay-session.ts';
import { applyConnectedAccountState } from '../sign-pay/payee-account.service.ts';
import type { PaymentMessageDeps } from '../sign-pay/send-payment-message.ts';

/**
 * A Stripe event (a Checkout Session's, an invoice's for a plan renewed by card, or a Sign & Pay session's or
 * connected account's on an owner's own Stripe account): its signature checked over the
 * raw bytes first (a forged, altered or stale one is refused and nothing is recorded), then applied once by its id.
 * Events of other types, and objects that are not ours, are acknowledged without effect so that Stripe stops
 * retrying them; a failure of ours answers 5xx, and Stripe retries.
 */
export async function receiveStripeWebhook(
  deps: {
    db: Database;
    provider: PaymentsProvider | undefined;
    logger: Pick<JobLogger, 'info' | 'error'>;
  } & PaymentMessageDeps,
  input: { rawBody: Buffer; signatureHeader: string | undefined },
): Promise<ApplyOutcome | SignPayApplyOutcome | { kind: 'ignored' }> {
  const { provider, db, logger } = deps;
  if (!provider) throw new AppError('SERVICE_UNAVAILABLE', { details: { reason: 'payments-not-configured' } });
  let event: ReturnType<PaymentsProvider['parseWebhook']>;
  try {
    event = provider.parseWebhook(input);
  } catch (error) {
    if (error instanceof PaymentWebhookSignatureError) {
      throw new AppError('WEBHOOK_SIGNATURE_INVALID', { cause: error });
    }
    throw error;
  }
  const eventRef = { id: event.id, rawType: event.rawType };
  let outcome: ApplyOutcome | SignPayApplyOutcome;
  if (event.type === 'account.updated' && event.account) {
    const accountId = event.account.metadata.accountId;
    if (!accountId) return { kind: 'ignored' };
    await applyConnectedAccountState(db, { accountId, connectedAccountId: event.account.id, ...event.account });
    return { kind: 'ignored' };
  }
  if (event.type !== 'other' && event.session?.metadata.kind === 'sign-pay') {
    outcome = await applySignPaySession(deps, { session: event.session, event: { ...eventRef, type: event.type } });
  } else if (event.type !== 'other' && event.session) {
    outcome = await applyCheckoutSession(db, { session: event.session, event: { ...eventRef, type: event.type } });
  } else if (event.type !== 'other' && event.invoice) {
    outcome = await applyStripeInvoice(db, { invoice: event.invoice, event: eventRef });
  } else {
    logger.info({ eventId: event.id, type: event.rawType }, 'Stripe event of a type we do not act on');
    return { kind: 'ignored' };
  }
  if (outcome.kind === 'mismatch') {
    logger.error(
      { eventId: event.id, paymentId: outcome.paymentId, stripeId: event.session?.id ?? event.invoice?.id },
      "Stripe's total or currency differs from the payment's: nothing credited",
    );
  }
  return outcome;
}
