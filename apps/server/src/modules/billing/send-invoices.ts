import { brands } from '@signlink/brands/brands';
import { invoicePayee } from '@signlink/contracts/billing/invoices';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { DatabaseHandle } from '../../db/database.ts';
import type { JobLogger } from '../../jobs/job-definition.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { PdfPool } from '../../pdf/pdf-pool.ts';
import type { MessagingContext } from '../messaging/messaging-context.ts';
import { sendMessage } from '../messaging/send-message.ts';
import { findInvoiceLocale } from './invoice-customer.repository.ts';
import { invoiceFileName, invoicePdfInput } from './invoice-pdf.ts';
import { type InvoiceRow, listUnsentInvoices, markInvoiceSent } from './invoices.repository.ts';

export interface SendInvoicesDeps {
  database: DatabaseHandle;
  queue: JobQueue;
  messaging: Pick<MessagingContext, 'email' | 'textMessages'>;
  storage: Storage;
  pdf: Pick<PdfPool, 'invoice'>;
  logger: JobLogger;
}

/** Invoices per run: a backlog drains over a few runs rather than in one long one. */
const batchSize = 50;

/**
 * E-mails every unsent invoice to its invoice e-mail with its PDF attached (SPEC section 9). An invoice is marked sent
 * in the transaction that queues its e-mail (the outbox delivers and retries it), so two runs send it once; one that
 * cannot be queued (an invoice e-mail that is no address, e-mail not configured) stays unsent for the next run, and
 * does not stop the others.
 */
export async function sendUnsentInvoices(deps: SendInvoicesDeps, now = new Date()) {
  let sent = 0;
  let failed = 0;
  for (const invoice of await listUnsentInvoices(deps.database.db, batchSize)) {
    try {
      await sendInvoice(deps, invoice, now);
      sent++;
    } catch (error) {
      failed++;
      deps.logger.warn({ invoiceId: invoice.id, err: error }, 'Could not send an invoice; the next run tries again');
    }
  }
  return { sent, failed };
}

async function sendInvoice(deps: SendInvoicesDeps, invoice: InvoiceRow, now: Date) {
  const { db } = deps.database;
  const locale = (await findInvoiceLocale(db, invoice.accountId)) ?? 'en-us';
  // Accounts keep no brand; invoices go out under the default one, as the operator that issues them.
  const brand = brands[0];
  const input = invoicePdfInput(invoice, { locale, brand });
  const bytes = await deps.pdf.invoice(input, invoice.accountId);
  // Named by the invoice: a run repeated after a crash writes the same bytes to the same key.
  const storageKey = `invoices/${invoice.id}/invoice-${invoice.number}-${locale}.pdf`;
  await deps.storage.put({ key: storageKey, body: bytes, contentType: 'application/pdf' });
  await db.transaction(async (tx) => {
    await sendMessage(
      deps,
      {
        kind: 'invoice',
        channel: 'email',
        to: invoice.invoiceEmail,
        locale,
        brand: brand.id,
        accountId: invoice.accountId,
        idempotencyKey: `invoice:${invoice.id}`,
        data: {
          invoiceNumber: invoice.number,
          ocrReference: invoice.ocrReference,
          totalMinor: invoice.totalMinor,
          currency: invoice.currency,
          dueAt: invoice.dueAt.toISOString(),
          bankgiro: invoicePayee.bankgiro,
        },
        attachments: [{ storageKey, filename: invoiceFileName(input, invoice), contentType: 'application/pdf' }],
      },
      tx,
    );
    await markInvoiceSent(tx, invoice.id, now);
  });
}
