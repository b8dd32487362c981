import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { documentParties, documents } from '../../db/schema/documents.ts';
import { signPayPayments } from '../../db/schema/sign-pay.ts';
import { documentSeals } from '../../db/schema/signatures.ts';

type Db = Database | Transaction;
export type SignPayPaymentRow = typeof signPayPayments.$inferSelect;

/**
 * Everything a payment's record names: the payment, its document with its seal (the sealed file's hash), the
 * paying party and the payee account. The seal is absent until sealing began.
 */
export async function findPaymentForRecord(db: Db, signPayPaymentId: string) {
  const [row] = await db
    .select({
      payment: signPayPayments,
      document: documents,
      party: { name: documentParties.name, email: documentParties.email },
      payeeName: accounts.name,
      seal: documentSeals,
    })
    .from(signPayPayments)
    .innerJoin(documents, eq(documents.id, signPayPayments.documentId))
    .innerJoin(documentParties, eq(documentParties.id, signPayPayments.partyId))
    .innerJoin(accounts, eq(accounts.id, signPayPayments.accountId))
    .leftJoin(documentSeals, eq(documentSeals.documentId, signPayPayments.documentId))
    .where(eq(signPayPayments.id, signPayPaymentId));
  return row;
}
export type PaymentForRecord = NonNullable<Awaited<ReturnType<typeof findPaymentForRecord>>>;

/**
 * Records the stored record once: a run that lost a race to another keeps the first (and its file), so the
 * payment names one record whatever ran twice. Answers whether this call set it.
 */
export async function recordPaymentRecord(
  db: Db,
  signPayPaymentId: string,
  values: { storageKey: string; sha256: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(signPayPayments)
    .set({
      recordStorageKey: values.storageKey,
      recordSha256: values.sha256,
      recordSealedAt: values.at,
      updatedAt: values.at,
    })
    .where(and(eq(signPayPayments.id, signPayPaymentId), isNull(signPayPayments.recordStorageKey)))
    .returning({ id: signPayPayments.id });
  return rows.length > 0;
}

/** The verify page: a payment record we sealed, found by its bytes' hash, with the document it pays for. */
export async function findPaymentRecordBySha256(db: Db, sha256: string) {
  const [row] = await db
    .select({ payment: signPayPayments, document: documents, sealedSha256: documentSeals.sealedSha256 })
    .from(signPayPayments)
    .innerJoin(documents, eq(documents.id, signPayPayments.documentId))
    .leftJoin(documentSeals, eq(documentSeals.documentId, signPayPayments.documentId))
    .where(eq(signPayPayments.recordSha256, sha256));
  return row;
}

/** A sealed document's payment records, oldest first (refunded ones too: the record stays what it was). */
export async function listPaymentRecordsOfDocument(db: Db, documentId: string) {
  return db
    .select()
    .from(signPayPayments)
    .where(and(eq(signPayPayments.documentId, documentId), isNotNull(signPayPayments.recordSha256)))
    .orderBy(asc(signPayPayments.paidAt), asc(signPayPayments.id));
}

/** One payment of a document, for the downloads: the document's own, never another's by a guessed id. */
export async function findPaymentOfDocument(db: Db, input: { documentId: string; signPayPaymentId: string }) {
  const [row] = await db
    .select()
    .from(signPayPayments)
    .where(and(eq(signPayPayments.id, input.signPayPaymentId), eq(signPayPayments.documentId, input.documentId)));
  return row;
}

/** A document's paid payments that have no record yet: sealing queues them when the document is sealed. */
export async function listPaidPaymentsWithoutRecord(db: Db, documentId: string): Promise<string[]> {
  const rows = await db
    .select({ id: signPayPayments.id })
    .from(signPayPayments)
    .where(
      and(
        eq(signPayPayments.documentId, documentId),
        eq(signPayPayments.status, 'paid'),
        isNull(signPayPayments.recordStorageKey),
      ),
    );
  return rows.map((row) => row.id);
}
