import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { campaigns, voucherCredits } from '../../db/schema/billing.ts';

export type CampaignRow = typeof campaigns.$inferSelect;

export async function findCampaign(db: Database | Transaction, id: string) {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return row;
}

/** The account's activation of the campaign, if any (the caller holds the account's lock). */
export async function findCampaignActivation(tx: Transaction, input: { campaignId: string; accountId: string }) {
  const [row] = await tx
    .select({ id: voucherCredits.id })
    .from(voucherCredits)
    .where(and(eq(voucherCredits.campaignId, input.campaignId), eq(voucherCredits.accountId, input.accountId)));
  return row;
}

/** The account's campaign activations (the voucher credits that name a campaign), newest first. */
export async function listCampaignActivations(db: Database, accountId: string) {
  return db
    .select()
    .from(voucherCredits)
    .where(and(eq(voucherCredits.accountId, accountId), isNotNull(voucherCredits.campaignId)))
    .orderBy(desc(voucherCredits.activatedAt), desc(voucherCredits.id));
}

export async function insertCampaign(db: Database, campaign: typeof campaigns.$inferInsert) {
  const [row] = await db.insert(campaigns).values(campaign).returning();
  if (!row) throw new Error('campaign not inserted');
  return row;
}
