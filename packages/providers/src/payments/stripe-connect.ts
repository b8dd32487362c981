import type Stripe from 'stripe';
import {
  type ConnectedAccount,
  type CreateConnectedAccountInput,
  type CreateRefundInput,
  type OnboardingLink,
  PaymentsError,
  type ProviderRefund,
} from './payments.port.ts';
import { currencyOf, oneOf } from './stripe-values.ts';

/*
 * Stripe Connect for Sign & Pay: the document owner's own standard account, made by us and completed by its owner
 * on Stripe's onboarding page, takes the signer's payment directly (a direct charge: the session is made with the
 * `Stripe-Account` header), so Signlink never holds the money. A refund is made on the same account.
 */

/** The SDK's request option that sends `Stripe-Account`; none for our own account. */
export const onAccount = (connectedAccountId: string | undefined): Stripe.RequestOptions =>
  connectedAccountId ? { stripeAccount: connectedAccountId } : {};

export function connectedAccountOf(account: Stripe.Account): ConnectedAccount {
  return {
    id: account.id,
    chargesEnabled: account.charges_enabled ?? false,
    detailsSubmitted: account.details_submitted ?? false,
    email: account.email ?? null,
    country: account.country ? account.country.toUpperCase() : null,
    metadata: { ...(account.metadata ?? {}) },
  };
}

function refundOf(refund: Stripe.Refund): ProviderRefund {
  const paymentIntent = refund.payment_intent;
  const paymentIntentId = typeof paymentIntent === 'string' ? paymentIntent : paymentIntent?.id;
  if (!paymentIntentId) throw new PaymentsError(`Refund ${refund.id} names no PaymentIntent`, false);
  return {
    id: refund.id,
    status: oneOf(refund.status, ['pending', 'succeeded', 'failed', 'canceled', 'requires_action'], 'refund status'),
    amountMinor: refund.amount,
    currency: currencyOf(refund.currency),
    paymentIntentId,
  };
}

export async function createConnectedAccount(
  stripe: Stripe,
  input: CreateConnectedAccountInput,
): Promise<ConnectedAccount> {
  const account = await stripe.accounts.create(
    {
      // Standard: the owner has a full Stripe account of their own and answers for its payments and disputes.
      type: 'standard',
      country: input.country.toUpperCase(),
      ...(input.email ? { email: input.email } : {}),
      metadata: { accountId: input.accountId },
    },
    { idempotencyKey: input.idempotencyKey },
  );
  return connectedAccountOf(account);
}

export async function retrieveConnectedAccount(stripe: Stripe, connectedAccountId: string): Promise<ConnectedAccount> {
  return connectedAccountOf(await stripe.accounts.retrieve(connectedAccountId));
}

export async function createOnboardingLink(
  stripe: Stripe,
  input: { connectedAccountId: string; returnUrl: string; refreshUrl: string },
): Promise<OnboardingLink> {
  const link = await stripe.accountLinks.create({
    account: input.connectedAccountId,
    refresh_url: input.refreshUrl,
    return_url: input.returnUrl,
    type: 'account_onboarding',
  });
  return { url: link.url, expiresAt: link.expires_at };
}

/** In full: leaving out `amount` refunds what the PaymentIntent took. */
export async function createRefund(stripe: Stripe, input: CreateRefundInput): Promise<ProviderRefund> {
  const refund = await stripe.refunds.create(
    { payment_intent: input.paymentIntentId, metadata: input.metadata },
    { ...onAccount(input.connectedAccountId), idempotencyKey: input.idempotencyKey },
  );
  return refundOf(refund);
}
