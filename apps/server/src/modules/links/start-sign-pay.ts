import type { SignPayResponse, ZSignPayRequest } from '@signlink/contracts/sign-pay/sign-pay';
import { PaymentsError, type PaymentsProvider } from '@signlink/providers/payments/payments.port';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { appErrorOfPayments, requireProvider } from '../billing/start-checkout-payment.ts';
import { applySignPaySession } from '../sign-pay/apply-sign-pay-session.ts';
import { endOpenSession } from '../sign-pay/end-open-session.ts';
import { requireConnectedPayee } from '../sign-pay/payee-account.service.ts';
import { amountsOfProduct } from '../sign-pay/payment-products.presenter.ts';
import { findAccountProduct } from '../sign-pay/payment-products.repository.ts';
import type { PaymentMessageDeps } from '../sign-pay/send-payment-message.ts';
import {
  insertSignPayPayment,
  listLivePartyPayments,
  lockParty,
  updateSignPayPayment,
} from '../sign-pay/sign-pay-payments.repository.ts';
import { findContactProof } from './link-gate.repository.ts';
import { type LinkPaymentDeps, linkPaymentContext, payingPartyOf } from './link-payment-context.ts';
import { checkedReturnUrl, returnUrlWith } from './sign-pay-return-url.ts';

export interface StartSignPayDeps extends LinkPaymentDeps, PaymentMessageDeps {
  provider: PaymentsProvider | undefined;
  /** The origin the payer reached us on: the only host a return address may name. */
  origin: string;
}

/**
 * Ends the party's earlier checkouts still open before a new one starts, so one slot is never payable on two pages.
 * One that was paid meanwhile is applied, and the slot is then paid: PAYMENT_ALREADY_MADE.
 */
async function endEarlierCheckouts(deps: StartSignPayDeps, provider: PaymentsProvider, partyId: string) {
  for (const earlier of await listLivePartyPayments(deps.db, partyId)) {
    if (earlier.status === 'pending') throw new AppError('PAYMENT_PENDING');
    if (!earlier.providerSessionId) {
      await updateSignPayPayment(deps.db, earlier.id, { status: 'cancelled', endedAt: new Date() });
      continue;
    }
    const session = await endOpenSession(provider, earlier.providerSessionId, {
      connectedAccountId: earlier.connectedAccountId,
    });
    const outcome = await applySignPaySession(deps, { session });
    if (outcome.kind === 'applied' && outcome.to === 'paid') throw new AppError('PAYMENT_ALREADY_MADE');
    if (outcome.kind === 'applied' && outcome.to === 'pending') throw new AppError('PAYMENT_PENDING');
  }
}

/**
 * `POST links/{id}/sign/pay` (SPEC section 4: all sign, then accept terms, then pay): checks the order and the
 * payer, prices the slot from its product (never from the client), writes our payment, and makes Stripe's Checkout
 * Session on the owner's connected account with our payment's id as reference and idempotency key.
 */
export async function startSignPay(
  deps: StartSignPayDeps,
  input: { linkId: string; body: z.output<typeof ZSignPayRequest> },
): Promise<SignPayResponse> {
  const { body } = input;
  const context = await linkPaymentContext(deps, { linkId: input.linkId, requestToken: body.RequestToken });
  const { document } = context.access;
  if (document.state === 'withdrawn') throw new AppError('DOCUMENT_WITHDRAWN');
  const party = payingPartyOf(context, body.SignatureIndex);
  if (!context.allSigned)
    throw new AppError('DOCUMENT_NOT_SIGNED', { details: { reason: 'payment-before-signatures' } });
  if (party.paidAt) throw new AppError('PAYMENT_ALREADY_MADE');
  if (!body.AcceptTerms) throw new AppError('PAYMENT_TERMS_NOT_ACCEPTED');
  const returnUrl = checkedReturnUrl(body.ReturnUrl, { origin: deps.origin, linkId: input.linkId });
  let receiptEmail = party.email;
  if (context.requireEmailVerification) {
    const proof = body.EmailClientAccessKey
      ? await findContactProof(deps.db, { linkId: input.linkId, codeToken: body.EmailClientAccessKey })
      : undefined;
    if (proof?.channel !== 'email') throw new AppError('PAYMENT_EMAIL_NOT_VERIFIED');
    receiptEmail = proof.destination;
  }
  const product = party.paymentProductId
    ? await findAccountProduct(deps.db, { accountId: document.accountId, productId: party.paymentProductId })
    : undefined;
  if (!product) throw new AppError('NOT_FOUND', { details: { reason: 'payment-product-gone' } });
  const connectedAccountId = await requireConnectedPayee(deps.db, document.accountId);
  const provider = requireProvider(deps.provider);
  const amounts = amountsOfProduct(product);
  const paymentId = newId('spp');
  try {
    await endEarlierCheckouts(deps, provider, party.id);
    await deps.db.transaction(async (tx) => {
      const locked = await lockParty(tx, party.id);
      if (locked?.paidAt) throw new AppError('PAYMENT_ALREADY_MADE');
      await insertSignPayPayment(tx, {
        id: paymentId,
        documentId: document.id,
        partyId: party.id,
        signatureIndex: party.signatureIndex,
        accountId: document.accountId,
        productId: product.id,
        productName: party.getPaidLabel || product.name,
        taxCode: product.taxCode,
        vatPercent: amounts.vatPercent,
        netMinor: amounts.netMinor,
        vatMinor: amounts.vatMinor,
        totalMinor: amounts.totalMinor,
        currency: product.currency,
        connectedAccountId,
        receiptEmail,
        termsAcceptedAt: new Date(),
      });
    });
    const session = await provider.createCheckoutSession({
      currency: product.currency,
      lines: [
        { name: party.getPaidLabel || product.name, unitAmountMinor: amounts.netMinor, quantity: 1 },
        ...(amounts.vatMinor > 0
          ? [{ name: `VAT ${amounts.vatPercent}%`, unitAmountMinor: amounts.vatMinor, quantity: 1 }]
          : []),
      ],
      paymentId,
      ...(receiptEmail ? { customerEmail: receiptEmail } : {}),
      successUrl: returnUrlWith(returnUrl, { paymentId, returned: 'success' }),
      cancelUrl: returnUrlWith(returnUrl, { paymentId, returned: 'cancel' }),
      metadata: { kind: 'sign-pay', signPayPaymentId: paymentId, documentId: document.id },
      idempotencyKey: paymentId,
      connectedAccountId,
    });
    await updateSignPayPayment(deps.db, paymentId, { providerSessionId: session.id });
    return { GetPaidPaymentId: paymentId, CheckoutUrl: session.url ?? '' };
  } catch (error) {
    if (error instanceof PaymentsError) {
      await updateSignPayPayment(deps.db, paymentId, { status: 'failed', endedAt: new Date() }).catch(() => {});
    }
    throw appErrorOfPayments(error);
  }
}
