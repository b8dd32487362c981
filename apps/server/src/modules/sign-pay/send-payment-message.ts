import { formatMoney } from '@signlink/contracts/format/format-amount';
import type { DatabaseHandle, Transaction } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { findPayingAccount } from '../billing/payments.repository.ts';
import { findDocumentBrand } from '../document-core/document-brand.repository.ts';
import { documentLocaleOf } from '../document-core/document-locale.ts';
import { findActivePartyLink } from '../document-core/document-parts.repository.ts';
import type { DocumentRow } from '../document-core/document-rows.repository.ts';
import type { MessagingContext } from '../messaging/messaging-context.ts';
import { sendMessage } from '../messaging/send-message.ts';
import type { SignPayPaymentRow } from './sign-pay-payments.repository.ts';

export interface PaymentMessageDeps {
  database: DatabaseHandle;
  queue: JobQueue;
  messaging: Pick<MessagingContext, 'email' | 'textMessages'>;
}

/**
 * The payer's e-mail about their payment (issue 25, part 3): the receipt once paid, or word that a bank debit the page
 * said we would write about has failed. Queued in the transaction that recorded it, once per payment and outcome, to
 * the receipt address (the verified one, or the party's); nothing when there is none or their link is gone.
 */
export async function sendPaymentMessage(
  deps: PaymentMessageDeps,
  tx: Transaction,
  input: {
    payment: SignPayPaymentRow;
    document: DocumentRow;
    outcome: 'paid' | 'failed';
    providerPaymentId?: string | null;
  },
) {
  const { payment, document, outcome } = input;
  const link = await findActivePartyLink(tx, payment.partyId);
  if (!payment.receiptEmail || !link) return;
  const locale = documentLocaleOf(document);
  const payee = await findPayingAccount(tx, payment.accountId);
  await sendMessage(
    deps,
    {
      kind: 'sign-pay-payment',
      data: {
        outcome,
        documentName: document.title,
        payeeName: payee?.legalName ?? payee?.name ?? document.title,
        amount: formatMoney(payment.totalMinor, payment.currency, locale),
        ...(input.providerPaymentId ? { providerPaymentId: input.providerPaymentId } : {}),
        linkCode: link.id,
      },
      channel: 'email',
      to: payment.receiptEmail,
      locale,
      // Read on the transaction: on PGlite its one connection is busy with it.
      brand: (await findDocumentBrand(tx, document.id)) === 'pdfblankett' ? 'pdfblankett' : 'signlink',
      accountId: payment.accountId,
      documentId: document.id,
      partyId: payment.partyId,
      idempotencyKey: `sign-pay-payment:${payment.id}:${outcome}`,
    },
    tx,
  );
}
