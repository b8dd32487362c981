import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { referralLinks } from '../../db/schema/partners.ts';

type Db = Database | Transaction;

export type ReferralLinkRow = typeof referralLinks.$inferSelect;

/** The partner's links, newest first. */
export async function listPartnerLinks(db: Db, partnerAccountId: string) {
  return db
    .select()
    .from(referralLinks)
    .where(eq(referralLinks.partnerAccountId, partnerAccountId))
    .orderBy(desc(referralLinks.createdAt), referralLinks.id);
}

/** A link by its (upper-case) code, with the partner's name for the sign-up page. */
export async function findLinkWithPartner(db: Db, code: string) {
  const [row] = await db
    .select({ link: referralLinks, partnerName: accounts.name })
    .from(referralLinks)
    .innerJoin(accounts, eq(accounts.id, referralLinks.partnerAccountId))
    .where(eq(referralLinks.id, code));
  return row;
}

/** Sets or clears `disabled_at` on one of the partner's links; nothing when the link is another's. */
export async function setLinkDisabled(db: Db, input: { partnerAccountId: string; code: string; disabled: boolean }) {
  const [row] = await db
    .update(referralLinks)
    // Disabling twice keeps the first time; enabling clears it.
    .set({ disabledAt: input.disabled ? sql`coalesce(${referralLinks.disabledAt}, now())` : null })
    .where(and(eq(referralLinks.id, input.code), eq(referralLinks.partnerAccountId, input.partnerAccountId)))
    .returning();
  return row;
}

/**
 * Counts one registration on an active link in a single UPDATE, so parallel sign-ups each add one and a
 * link disabled meanwhile counts none. The partner's id comes back for the new account.
 */
export async function countRegistration(tx: Transaction, code: string) {
  const [row] = await tx
    .update(referralLinks)
    .set({ registrations: sql`${referralLinks.registrations} + 1` })
    .where(and(eq(referralLinks.id, code), isNull(referralLinks.disabledAt)))
    .returning({
      id: referralLinks.id,
      name: referralLinks.name,
      partnerAccountId: referralLinks.partnerAccountId,
      giftCardValueMinor: referralLinks.giftCardValueMinor,
      currency: referralLinks.currency,
    });
  return row;
}
