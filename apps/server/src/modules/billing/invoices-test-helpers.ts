import type { Database } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { insertInvoice } from './invoices.repository.ts';

const day = 24 * 3_600_000;

/**
 * An invoice as a plan ordered by invoice writes it: SEK 4,900 a year plus 25% VAT, issued now for the year ahead,
 * unsent and unpaid unless told otherwise.
 */
export function insertTestInvoice(
  db: Database,
  options: {
    accountId: string;
    invoiceEmail?: string;
    issuedAt?: Date;
    paidAt?: Date;
    vatPercent?: number;
    currency?: 'SEK' | 'EUR';
  },
) {
  const issuedAt = options.issuedAt ?? new Date();
  const subtotalMinor = 4_900_00;
  const vatPercent = options.vatPercent ?? 25;
  const vatMinor = Math.round((subtotalMinor * vatPercent) / 100);
  return db.transaction((tx) =>
    insertInvoice(tx, {
      id: newId('inv'),
      accountId: options.accountId,
      description: 'Price plan MEDIUM, 1 year',
      subtotalMinor,
      vatPercent,
      vatMinor,
      totalMinor: subtotalMinor + vatMinor,
      currency: options.currency ?? 'SEK',
      buyerName: 'Exempelbolaget AB',
      buyerAddress: 'Box 123\n111 22 Stockholm',
      invoiceEmail: options.invoiceEmail ?? 'faktura@exempelbolaget.se',
      periodStart: issuedAt,
      periodEnd: new Date(issuedAt.getTime() + 365 * day),
      issuedAt,
      paidAt: options.paidAt ?? null,
    }),
  );
}
