import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { giftCards } from '../../db/schema/billing.ts';

export type GiftCardRow = typeof giftCards.$inferSelect;

/** A card by its normalised code; locked `FOR UPDATE` in the caller's transaction when asked. */
export async function findGiftCardByCode(db: Database | Transaction, code: string, options = { lock: false }) {
  const query = db.select().from(giftCards).where(eq(giftCards.code, code));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Marks the card used by the account, only if it was not: false when someone else's activation won. */
export async function markGiftCardUsed(
  tx: Transaction,
  input: { id: string; accountId: string; userId: string; at: Date },
): Promise<boolean> {
  const updated = await tx
    .update(giftCards)
    .set({ usedByAccountId: input.accountId, usedByUserId: input.userId, usedAt: input.at })
    .where(and(eq(giftCards.id, input.id), isNull(giftCards.usedAt)))
    .returning({ id: giftCards.id });
  return updated.length > 0;
}

/** The cards issued to the user personally and those the account activated, newest first. */
export async function listGiftCardsOf(db: Database, input: { userId: string; accountId: string }) {
  return db
    .select()
    .from(giftCards)
    .where(or(eq(giftCards.personalUserId, input.userId), eq(giftCards.usedByAccountId, input.accountId)))
    .orderBy(desc(giftCards.issuedAt), desc(giftCards.id));
}

/** Null when the code is taken (the caller answers that as its input's fault). */
/** Whether a personal card's owner exists: a card for no one could never be redeemed. */
export async function userExists(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
}

export async function insertGiftCard(db: Database, card: typeof giftCards.$inferInsert) {
  const [row] = await db.insert(giftCards).values(card).onConflictDoNothing({ target: giftCards.code }).returning();
  return row ?? null;
}
