import type { PaymentKind } from '@signlink/contracts/billing/top-up';
import { vatOf, vatPercentFor } from '@signlink/contracts/billing/vat';
import type { Currency } from '@signlink/contracts/constants';
import { PaymentsError, type PaymentsProvider } from '@signlink/providers/payments/payments.port';
import type { Database, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { newId } from '../../lib/ids.ts';
import { findPayingAccount, insertPayment, setPaymentSession, updatePaymentStatus } from './payments.repository.ts';

export interface CheckoutDeps {
  db: Database;
  provider: PaymentsProvider | undefined;
}

/** A payments call that failed: Stripe may answer next time (503), or it refused what we sent (our fault, 500). */
export function appErrorOfPayments(error: unknown): unknown {
  if (!(error instanceof PaymentsError)) return error;
  return new AppError(error.isTransient ? 'SERVICE_UNAVAILABLE' : 'SERVER_ERROR', {
    cause: error,
    details: { provider: 'stripe', code: error.providerCode },
  });
}

export function requireProvider(provider: PaymentsProvider | undefined): PaymentsProvider {
  if (!provider) throw new AppError('SERVICE_UNAVAILABLE', { details: { reason: 'payments-not-configured' } });
  return provider;
}

/** What pricing needs of the account; a session names an existing account, so a missing one is a fault. */
export async function findPayingAccountOrFail(db: Database | Transaction, accountId: string) {
  const account = await findPayingAccount(db, accountId);
  if (!account) throw new Error(`the session's account ${accountId} is gone`);
  return account;
}

export interface CheckoutPaymentInput {
  kind: PaymentKind;
  /** Excluding VAT, from the price list, in the account's currency. */
  amountMinor: number;
  currency: Currency;
  vatAccount: { countryCode: string | null; orgNumber: string | null };
  description: string;
  productId?: string;
  /** What the payment buys a period of (a plan's years), as far as it is known when ordering. */
  period?: { start: Date; end: Date };
  /** Where Stripe sends the payer back; `{CHECKOUT_SESSION_ID}` is filled in by Stripe. */
  successUrl: string;
  /** Given our payment id, where a cancelled checkout returns (Stripe fills the session id into success only). */
  cancelUrlOf: (paymentId: string) => string;
  /**
   * Checks the caller's rules in the transaction that writes the pending payment (`write`), so a lock taken there
   * holds until the payment is written: two orders racing queue on it.
   */
  guard?: (tx: Transaction, write: () => Promise<void>) => Promise<void>;
}

/**
 * What every card purchase does (top-up, plan, add-on): our payment row first, then Stripe's Checkout Session with
 * the payment's id as its reference and idempotency key (a retried create never makes a second session). VAT is
 * computed here and sent as its own line, so Stripe's total is exactly ours. Nothing is delivered until Stripe says
 * paid (apply-checkout-session.ts).
 */
export async function startCheckoutPayment(
  deps: CheckoutDeps,
  actor: Actor,
  input: CheckoutPaymentInput,
): Promise<{ PaymentId: string; SessionId: string; Url: string }> {
  const provider = requireProvider(deps.provider);
  const { amountMinor, currency, description } = input;
  const vatPercent = vatPercentFor(input.vatAccount);
  const vatMinor = vatOf(amountMinor, vatPercent);
  const paymentId = newId('pay');
  const row = {
    id: paymentId,
    accountId: actor.accountId,
    kind: input.kind,
    productId: input.productId ?? null,
    periodStart: input.period?.start ?? null,
    periodEnd: input.period?.end ?? null,
    amountMinor,
    vatPercent,
    vatMinor,
    totalMinor: amountMinor + vatMinor,
    currency,
    description,
    createdBy: actor.userId,
  };
  const { guard } = input;
  if (guard) await deps.db.transaction(async (tx) => guard(tx, () => insertPayment(tx, row)));
  else await insertPayment(deps.db, row);
  try {
    const session = await provider.createCheckoutSession({
      currency,
      lines: [
        { name: description, unitAmountMinor: amountMinor, quantity: 1 },
        ...(vatMinor > 0 ? [{ name: `VAT ${vatPercent}%`, unitAmountMinor: vatMinor, quantity: 1 }] : []),
      ],
      paymentId,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrlOf(paymentId),
      metadata: { paymentId, accountId: actor.accountId, kind: input.kind },
      idempotencyKey: paymentId,
    });
    await setPaymentSession(deps.db, { paymentId, sessionId: session.id });
    return { PaymentId: paymentId, SessionId: session.id, Url: session.url ?? '' };
  } catch (error) {
    // No session was made, so nothing can ever pay this one: it must not wait for reconciliation forever.
    if (error instanceof PaymentsError) {
      await deps.db.transaction((tx) => updatePaymentStatus(tx, { paymentId, status: 'failed', endedAt: new Date() }));
    }
    throw appErrorOfPayments(error);
  }
}
