import type { Database } from '../../db/database.ts';
import { signPayPayments } from '../../db/schema/sign-pay.ts';
import { newId } from '../../lib/ids.ts';

/**
 * A paid Sign & Pay payment, as the payment flow leaves it when Stripe says paid: 100.00 SEK net, 25 % VAT, 125.00
 * SEK in all, made straight in the table (the payment flow is another module's; the record needs only the row).
 */
export async function seedPaidPayment(
  db: Database,
  input: {
    documentId: string;
    accountId: string;
    party: { id: string; signatureIndex: number };
    status?: 'paid' | 'open' | 'refunded';
    paidAt?: Date;
  },
) {
  const id = newId('spp');
  const status = input.status ?? 'paid';
  const [row] = await db
    .insert(signPayPayments)
    .values({
      id,
      documentId: input.documentId,
      partyId: input.party.id,
      signatureIndex: input.party.signatureIndex,
      accountId: input.accountId,
      productName: 'Consultation',
      taxCode: 'se-vat-25',
      vatPercent: 25,
      netMinor: 10_000,
      vatMinor: 2_500,
      totalMinor: 12_500,
      currency: 'SEK',
      status,
      connectedAccountId: 'acct_1TestPayee',
      providerSessionId: `cs_test_${id}`,
      providerPaymentId: `pi_3Test${id.replace(/[^A-Za-z0-9]/g, '')}`,
      receiptEmail: 'payer@example.com',
      termsAcceptedAt: new Date(Date.now() - 120_000),
      paidAt: status === 'open' ? null : (input.paidAt ?? new Date('2026-11-27T14:05:09Z')),
    })
    .returning();
  if (!row) throw new Error('insert returns its row');
  return row;
}
