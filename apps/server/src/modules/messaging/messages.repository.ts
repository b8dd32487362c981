import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { messages, transactionFees } from '../../db/schema/messages.ts';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;
type Db = Database | Transaction;

/** Inserts unless the idempotency key is taken; returns the row that holds the key either way. */
export async function insertMessageOnce(tx: Transaction, row: NewMessageRow) {
  const [inserted] = await tx.insert(messages).values(row).onConflictDoNothing().returning();
  if (inserted) return { message: inserted, isDuplicate: false };
  if (!row.idempotencyKey) throw new Error(`message ${row.id} conflicts without an idempotency key`);
  const existing = await findMessageByIdempotencyKey(tx, row.idempotencyKey);
  if (!existing) throw new Error(`message with key ${row.idempotencyKey} vanished`);
  return { message: existing, isDuplicate: true };
}

export async function findMessageByIdempotencyKey(db: Db, key: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.idempotencyKey, key));
  return row;
}

export async function findMessage(db: Db, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row;
}

/** Whether another message already owns this provider id (two identical texts to one number). */
export async function isProviderMessageTaken(
  db: Db,
  input: { channel: MessageRow['channel']; providerMessageId: string; exceptId: string },
) {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.channel, input.channel), eq(messages.providerMessageId, input.providerMessageId)));
  return Boolean(row && row.id !== input.exceptId);
}

/** For SPEC section 9's limit; the caller holds the invitation's lock. */
export async function countInvitationTexts(tx: Transaction, invitationId: string): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(messages)
    .where(and(eq(messages.invitationId, invitationId), inArray(messages.channel, ['sms', 'whatsapp'])));
  return row?.total ?? 0;
}

export async function lockInvitation(tx: Transaction, invitationId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`message-invitation:${invitationId}`}, 0))`);
}

/** States in which a message still waits for its outcome from us: nobody has recorded one yet. */
const openStates = ['queued', 'sending'] as const;

/**
 * Marks the message `sending` (handed to the provider, outcome unknown), counts the attempt and remembers when it
 * began, committed before the provider is called. Only from the attempt count the caller read: false when another
 * run of the job took the message in between.
 */
export async function claimHandOff(db: Db, input: { id: string; seenAttempts: number; at: Date }): Promise<boolean> {
  const claimed = await db
    .update(messages)
    .set({ state: 'sending', attempts: sql`${messages.attempts} + 1`, attemptStartedAt: input.at, updatedAt: input.at })
    .where(
      and(
        eq(messages.id, input.id),
        inArray(messages.state, [...openStates]),
        eq(messages.attempts, input.seenAttempts),
      ),
    )
    .returning({ id: messages.id });
  return claimed.length > 0;
}

/** The provider refused or could not be reached: queued again for the job's next retry. */
export async function recordTransientFailure(db: Db, id: string, failure: { reason: string; code?: string }) {
  await db
    .update(messages)
    .set({ state: 'queued', failureReason: failure.reason, failureCode: failure.code ?? null, updatedAt: new Date() })
    .where(and(eq(messages.id, id), inArray(messages.state, [...openStates])));
}

/**
 * The provider took it. A status callback may have arrived first and moved the state on; only a
 * message still waiting for its outcome becomes sent.
 */
export async function markSent(
  tx: Transaction,
  id: string,
  input: { providerMessageId: string; providerStatus?: string; at: Date; eraseData: boolean },
) {
  await tx
    .update(messages)
    .set({
      state: sql`case when ${messages.state} in ('queued', 'sending') then 'sent' else ${messages.state} end`,
      providerMessageId: input.providerMessageId,
      providerStatus: sql`coalesce(${messages.providerStatus}, ${input.providerStatus ?? null})`,
      sentAt: sql`coalesce(${messages.sentAt}, ${input.at})`,
      failureReason: null,
      failureCode: null,
      updatedAt: input.at,
      ...(input.eraseData ? { data: {}, dataErasedAt: input.at } : {}),
    })
    .where(eq(messages.id, id));
}

/** Final: returns the row when this call made it failed (so the history event is written once). */
export async function markFailed(
  tx: Transaction,
  id: string,
  input: { reason: string; code?: string; providerStatus?: string; at: Date; eraseData: boolean },
): Promise<MessageRow | undefined> {
  const [row] = await tx
    .update(messages)
    .set({
      state: 'failed',
      failureReason: input.reason,
      failureCode: input.code ?? null,
      failedAt: input.at,
      updatedAt: input.at,
      ...(input.providerStatus ? { providerStatus: input.providerStatus } : {}),
      ...(input.eraseData ? { data: {}, dataErasedAt: input.at } : {}),
    })
    .where(and(eq(messages.id, id), inArray(messages.state, [...openStates, 'sent'])))
    .returning();
  return row;
}

export async function markDelivered(
  tx: Transaction,
  id: string,
  input: { providerMessageId: string; providerStatus: string; at: Date },
) {
  await tx
    .update(messages)
    .set({
      state: 'delivered',
      providerMessageId: input.providerMessageId,
      providerStatus: input.providerStatus,
      sentAt: sql`coalesce(${messages.sentAt}, ${input.at})`,
      deliveredAt: input.at,
      updatedAt: input.at,
    })
    .where(and(eq(messages.id, id), inArray(messages.state, [...openStates, 'sent'])));
}

/** Also keeps the provider's id if we have none yet: a report can come before our own record of the hand-off. */
export async function updateProviderStatus(
  tx: Transaction,
  id: string,
  input: { providerMessageId: string; providerStatus: string; at: Date },
) {
  await tx
    .update(messages)
    .set({
      providerStatus: input.providerStatus,
      providerMessageId: sql`coalesce(${messages.providerMessageId}, ${input.providerMessageId})`,
      updatedAt: input.at,
    })
    .where(eq(messages.id, id));
}

export async function insertTransactionFeeOnce(tx: Transaction, fee: typeof transactionFees.$inferInsert) {
  await tx.insert(transactionFees).values(fee).onConflictDoNothing();
}

export async function listPartyMessages(db: Db, documentId: string, partyId: string) {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.documentId, documentId), eq(messages.partyId, partyId)))
    .orderBy(messages.createdAt);
}

/** Every party message of these documents, oldest first, in one query (for the lists' delivery column). */
export async function listDocumentsPartyMessages(db: Db, documentIds: readonly string[]) {
  if (documentIds.length === 0) return [];
  return db
    .select()
    .from(messages)
    .where(and(inArray(messages.documentId, [...documentIds]), isNotNull(messages.partyId)))
    .orderBy(messages.createdAt);
}

/** The currency a text's fee is charged in: the paying account's. */
export async function findAccountCurrency(db: Db, accountId: string) {
  const [account] = await db.select({ currency: accounts.currency }).from(accounts).where(eq(accounts.id, accountId));
  return account?.currency;
}
