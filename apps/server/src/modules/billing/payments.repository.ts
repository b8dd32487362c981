import type { PaymentStatus } from '@signlink/contracts/billing/top-up';
import { and, asc, desc, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { paymentEvents, payments, receipts } from '../../db/schema/payments.ts';

type Db = Database | Transaction;
export type PaymentRow = typeof payments.$inferSelect;
export type ReceiptRow = typeof receipts.$inferSelect;

/** What pricing and the receipt need of the account: its currency, VAT status and the name to print. */
export async function findPayingAccount(db: Db, accountId: string) {
  const [row] = await db
    .select({
      currency: accounts.currency,
      countryCode: accounts.countryCode,
      orgNumber: accounts.orgNumber,
      name: accounts.name,
      legalName: accounts.legalName,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row;
}

export async function insertPayment(db: Db, row: typeof payments.$inferInsert) {
  await db.insert(payments).values(row);
}

export async function setPaymentSession(db: Db, input: { paymentId: string; sessionId: string }) {
  await db.update(payments).set({ providerSessionId: input.sessionId }).where(eq(payments.id, input.paymentId));
}

/** Keeps Stripe's id for the payment's session or invoice, unless one was kept already (first writer wins). */
export async function setPaymentProviderId(
  db: Db,
  input: { paymentId: string; kind: 'session' | 'invoice'; id: string },
) {
  const column = input.kind === 'session' ? payments.providerSessionId : payments.providerInvoiceId;
  await db
    .update(payments)
    .set(input.kind === 'session' ? { providerSessionId: input.id } : { providerInvoiceId: input.id })
    .where(and(eq(payments.id, input.paymentId), isNull(column)));
}

/** By Stripe's session id or by our own payment id: the return pages may carry either. */
export async function findPaymentBySessionOrId(db: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(or(eq(payments.providerSessionId, id), eq(payments.id, id)));
  return row;
}

/** The payment, its row locked for the caller's transaction: two deliveries or a poll and a delivery queue here. */
export async function lockPayment(tx: Transaction, paymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return row;
}

export async function updatePaymentStatus(
  tx: Transaction,
  input: { paymentId: string; status: PaymentStatus; paidAt?: Date; endedAt?: Date },
) {
  await tx
    .update(payments)
    .set({ status: input.status, paidAt: input.paidAt, endedAt: input.endedAt })
    .where(eq(payments.id, input.paymentId));
}

/** Records a provider event once; false when its id was seen before (a replay), which must then change nothing. */
export async function recordPaymentEvent(
  tx: Transaction,
  event: { id: string; type: string; paymentId: string | null; signPayPaymentId?: string | null },
): Promise<boolean> {
  const inserted = await tx
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing({ target: paymentEvents.id })
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

/** Pending payments with a session, created before `before`, oldest first: what reconciliation asks Stripe about. */
export async function listStalePendingPayments(db: Db, input: { before: Date; limit: number }) {
  return db
    .select({ id: payments.id, providerSessionId: payments.providerSessionId })
    .from(payments)
    .where(
      and(eq(payments.status, 'pending'), isNotNull(payments.providerSessionId), lt(payments.createdAt, input.before)),
    )
    .orderBy(asc(payments.createdAt))
    .limit(input.limit);
}

export async function insertReceipt(tx: Transaction, row: Omit<typeof receipts.$inferInsert, 'number'>) {
  await tx.insert(receipts).values(row);
}

export async function findReceiptOfPayment(db: Db, paymentId: string): Promise<ReceiptRow | undefined> {
  const [row] = await db.select().from(receipts).where(eq(receipts.paymentId, paymentId));
  return row;
}

export async function findReceipt(db: Db, receiptId: string): Promise<ReceiptRow | undefined> {
  const [row] = await db.select().from(receipts).where(eq(receipts.id, receiptId));
  return row;
}

export async function listReceipts(db: Db, accountId: string): Promise<ReceiptRow[]> {
  return db
    .select()
    .from(receipts)
    .where(eq(receipts.accountId, accountId))
    .orderBy(desc(receipts.paidAt), desc(receipts.number));
}

/** The period a paid payment delivered, once it is known (a plan starts when paid; an add-on extends its end). */
export async function setPaymentPeriod(tx: Transaction, input: { paymentId: string; start: Date; end: Date }) {
  await tx
    .update(payments)
    .set({ periodStart: input.start, periodEnd: input.end })
    .where(eq(payments.id, input.paymentId));
}
