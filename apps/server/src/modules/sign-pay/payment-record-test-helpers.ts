import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/build-test-app.ts';
import { sealingDepsOf } from '../../../test/sealing-deps.ts';
import { seedSignedDocument } from '../../../test/seed-signed-document.ts';
import type { Database } from '../../db/database.ts';
import { signPayPayments } from '../../db/schema/sign-pay.ts';
import { documentSeals } from '../../db/schema/signatures.ts';
import { newId } from '../../lib/ids.ts';
import { sealSignedDocument } from '../sealing/seal-document.ts';
import { paymentRecordDeps } from './seal-payment-record.job.ts';
import { sealPaymentRecord } from './seal-payment-record.ts';

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

/**
 * A really sealed two-party document (sealing's own test seed, sealed by the seal job's code) whose second party
 * paid; with `record`, the payment's sealed record made by the record job's code.
 */
export async function seedSealedDocumentWithPayment(
  testApp: TestApp,
  options: Parameters<typeof seedSignedDocument>[2] & { record?: boolean } = {},
) {
  const { db } = testApp.database;
  const { record, ...seedOptions } = options;
  const doc = await seedSignedDocument(db, testApp.context.storage, seedOptions);
  const outcome = await sealSignedDocument(sealingDepsOf(testApp.context), { documentId: doc.documentId });
  if (outcome !== 'sealed') throw new Error(`the seed's seal was ${outcome}`);
  const payer = doc.parties[1];
  if (!payer) throw new Error('two parties');
  const payment = await seedPaidPayment(db, { documentId: doc.documentId, accountId: doc.accountId, party: payer });
  if (record) {
    const deps = paymentRecordDeps({ database: testApp.database, services: testApp.context });
    await sealPaymentRecord(deps, { signPayPaymentId: payment.id });
  }
  const [seal] = await db.select().from(documentSeals).where(eq(documentSeals.documentId, doc.documentId));
  const [stored] = await db.select().from(signPayPayments).where(eq(signPayPayments.id, payment.id));
  if (!seal?.sealedSha256 || !stored) throw new Error('sealed and stored');
  return { doc, payment: stored, sealedSha256: seal.sealedSha256 };
}
