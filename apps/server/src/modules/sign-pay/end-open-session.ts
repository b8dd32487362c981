import { type CheckoutSession, PaymentsError, type PaymentsProvider } from '@signlink/providers/payments/payments.port';

/**
 * A Sign & Pay session as Stripe has it now, ended first if still open, so nothing can be paid on it any more. One
 * completed between our two calls cannot be expired: it is read again, and the caller applies what happened.
 */
export async function endOpenSession(
  provider: PaymentsProvider,
  sessionId: string,
  options: { connectedAccountId: string },
): Promise<CheckoutSession> {
  const session = await provider.retrieveCheckoutSession(sessionId, options);
  if (session.status !== 'open') return session;
  try {
    return await provider.expireCheckoutSession(sessionId, options);
  } catch (error) {
    if (!(error instanceof PaymentsError) || error.isTransient) throw error;
    return provider.retrieveCheckoutSession(sessionId, options);
  }
}
