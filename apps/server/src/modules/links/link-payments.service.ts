import type {
  LinkPaymentsResponse,
  SignPayOutcome,
  SignPayPaymentDetails,
  SignPayPaymentStatus,
  SignPayRequestView,
  SignPayStatusResponse,
  ZSignPayStatusRequest,
} from '@signlink/contracts/sign-pay/sign-pay';
import type { PaymentsProvider } from '@signlink/providers/payments/payments.port';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import { appErrorOfPayments, requireProvider } from '../billing/start-checkout-payment.ts';
import { listDocumentParties } from '../document-core/document-parts.repository.ts';
import { applySignPaySession } from '../sign-pay/apply-sign-pay-session.ts';
import { endOpenSession } from '../sign-pay/end-open-session.ts';
import { amountsOfProduct } from '../sign-pay/payment-products.presenter.ts';
import { findAccountProduct } from '../sign-pay/payment-products.repository.ts';
import type { PaymentMessageDeps } from '../sign-pay/send-payment-message.ts';
import {
  findSignPayPayment,
  listDocumentPayments,
  type SignPayPaymentRow,
} from '../sign-pay/sign-pay-payments.repository.ts';
import {
  isAllPaid,
  type LinkPaymentContext,
  type LinkPaymentDeps,
  linkPaymentContext,
} from './link-payment-context.ts';

/** `GET links/{id}/getpaid/payments`: each paying slot's request, priced from its product now, and its latest payment. */
export async function listLinkPayments(
  deps: LinkPaymentDeps,
  input: { linkId: string; requestToken: string },
): Promise<LinkPaymentsResponse> {
  const context = await linkPaymentContext(deps, input);
  const { document } = context.access;
  const payments = await listDocumentPayments(deps.db, document.id);
  const views: SignPayRequestView[] = [];
  for (const party of context.parties.filter((candidate) => candidate.getPaid)) {
    const product = party.paymentProductId
      ? await findAccountProduct(deps.db, { accountId: document.accountId, productId: party.paymentProductId })
      : undefined;
    if (!product) continue;
    const amounts = amountsOfProduct(product);
    const latest = payments.find((payment) => payment.partyId === party.id);
    const isPaid = party.paidAt !== null;
    views.push({
      SignatureIndex: party.signatureIndex,
      Label: party.getPaidLabel || product.name,
      ProductName: product.name,
      Description: product.description,
      Net: amounts.netMinor,
      Vat: amounts.vatMinor,
      VatPercent: amounts.vatPercent,
      Total: amounts.totalMinor,
      Currency: product.currency,
      TaxBehavior: product.taxBehavior,
      PayeeName: context.payeeName,
      Status: isPaid ? 'paid' : (latest?.status ?? 'unpaid'),
      CanPay:
        context.allSigned &&
        !isPaid &&
        document.state !== 'withdrawn' &&
        context.mayUse(party.signatureIndex) &&
        latest?.status !== 'pending',
      GetPaidPaymentId: latest?.id ?? null,
      PaidAt: party.paidAt?.toISOString() ?? null,
      RequireEmailVerification: context.requireEmailVerification,
    });
  }
  return { Payments: views, AllSigned: context.allSigned, AllPaid: context.allPaid };
}

/** A payment of this link's document, or NOT_FOUND (another document's id says nothing about it). */
async function paymentOfDocument(deps: LinkPaymentDeps, context: LinkPaymentContext, paymentId: string) {
  const payment = await findSignPayPayment(deps.db, paymentId);
  if (payment?.documentId !== context.access.document.id) throw new AppError('NOT_FOUND');
  return payment;
}

const outcomeOf: Record<SignPayPaymentStatus, SignPayOutcome> = {
  open: 'open',
  pending: 'pending',
  paid: 'success',
  failed: 'failed',
  cancelled: 'cancelled',
  // Returned because the document was withdrawn: for the payer, the payment did not go through.
  refunded: 'cancelled',
};

/**
 * `POST links/{id}/sign/pay/status`: while the payment is in play, Stripe's session is asked now (a webhook may
 * not have come yet) and applied through the same path as webhooks. A payer back through the cancel link leaves
 * the session open on Stripe's side, so it is ended here and the outcome is cancelled.
 */
export async function findSignPayStatus(
  deps: LinkPaymentDeps & PaymentMessageDeps & { provider: PaymentsProvider | undefined },
  input: { linkId: string; body: z.output<typeof ZSignPayStatusRequest> },
): Promise<SignPayStatusResponse> {
  const context = await linkPaymentContext(deps, { linkId: input.linkId, requestToken: input.body.RequestToken });
  let payment = await paymentOfDocument(deps, context, input.body.GetPaidPaymentId);
  if ((payment.status === 'open' || payment.status === 'pending') && payment.providerSessionId) {
    const provider = requireProvider(deps.provider);
    const options = { connectedAccountId: payment.connectedAccountId };
    try {
      const session =
        input.body.Returned === 'cancel'
          ? await endOpenSession(provider, payment.providerSessionId, options)
          : await provider.retrieveCheckoutSession(payment.providerSessionId, options);
      await applySignPaySession(deps, { session });
    } catch (error) {
      throw appErrorOfPayments(error);
    }
    payment = await paymentOfDocument(deps, context, payment.id);
  }
  // Only the parties' paid state can have changed since the context was read.
  const parties = await listDocumentParties(deps.db, context.access.document.id);
  return { Outcome: outcomeOf[payment.status], Status: payment.status, AllPaid: isAllPaid(parties) };
}

export function presentPaymentDetails(payment: SignPayPaymentRow, payeeName: string): SignPayPaymentDetails {
  return {
    GetPaidPaymentId: payment.id,
    SignatureIndex: payment.signatureIndex,
    Status: payment.status,
    ProductName: payment.productName,
    Net: payment.netMinor,
    Vat: payment.vatMinor,
    VatPercent: payment.vatPercent,
    Total: payment.totalMinor,
    Currency: payment.currency,
    PayeeName: payeeName,
    ProviderPaymentId: payment.providerPaymentId,
    ReceiptEmail: payment.receiptEmail,
    PaidAt: payment.paidAt?.toISOString() ?? null,
    RefundedAt: payment.refundedAt?.toISOString() ?? null,
  };
}

/** `POST links/{id}/payment/details`: what the receipt and the audit trail name, for any party of the document. */
export async function findSignPayDetails(
  deps: LinkPaymentDeps,
  input: { linkId: string; requestToken: string; paymentId: string },
): Promise<SignPayPaymentDetails> {
  const context = await linkPaymentContext(deps, input);
  const payment = await paymentOfDocument(deps, context, input.paymentId);
  return presentPaymentDetails(payment, context.payeeName);
}
