import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { accounts, balanceEntries } from '../../db/schema/accounts.ts';
import { voucherCredits } from '../../db/schema/billing.ts';
import { newId, newPublicCode } from '../../lib/ids.ts';
import { insertCampaign } from './campaigns.repository.ts';
import { insertGiftCard } from './gift-cards.repository.ts';

const day = 24 * 3_600_000;

/** A gift card as a shop would issue it: SEK 200 valid 30 days unless told otherwise. */
export async function issueTestGiftCard(
  db: Database,
  options: { valueMinor?: number; currency?: 'SEK' | 'EUR'; expiresAt?: Date | null; personalUserId?: string } = {},
) {
  const card = await insertGiftCard(db, {
    id: newId('gft'),
    code: newPublicCode(),
    valueMinor: options.valueMinor ?? 200_00,
    currency: options.currency ?? 'SEK',
    expiresAt: options.expiresAt === undefined ? new Date(Date.now() + 30 * day) : options.expiresAt,
    personalUserId: options.personalUserId ?? null,
  });
  if (!card) throw new Error('gift card code taken');
  return card;
}

/** A running campaign: SEK 50, credit lasting 90 days, unless told otherwise. */
export function insertTestCampaign(
  db: Database,
  options: { creditMinor?: number; currency?: 'SEK' | 'EUR'; validUntil?: Date; creditValidDays?: number } = {},
) {
  return insertCampaign(db, {
    id: newPublicCode(),
    name: 'Spring offer',
    description: 'Credit for new customers',
    creditMinor: options.creditMinor ?? 50_00,
    currency: options.currency ?? 'SEK',
    validUntil: options.validUntil ?? new Date(Date.now() + 30 * day),
    creditValidDays: options.creditValidDays ?? 90,
  });
}

/** The cached balance, the sum of the account's lines, and the lowest sum of any one pot. */
export async function ledgerState(db: Database, accountId: string) {
  const [account] = await db
    .select({ balanceMinor: accounts.balanceMinor })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const pots = await db
    .select({ sum: sql<number>`sum(${balanceEntries.amountMinor})::bigint`.mapWith(Number) })
    .from(balanceEntries)
    .where(eq(balanceEntries.accountId, accountId))
    .groupBy(balanceEntries.voucherCreditId);
  return {
    cachedMinor: account?.balanceMinor ?? Number.NaN,
    sumMinor: pots.reduce((sum, pot) => sum + pot.sum, 0),
    lowestPotMinor: pots.length > 0 ? Math.min(...pots.map((pot) => pot.sum)) : 0,
  };
}

/** The clock passing the expiry of every voucher credit of the account, for calls that read the real time. */
export async function lapseVoucherCredits(db: Database, accountId: string) {
  await db
    .update(voucherCredits)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(voucherCredits.accountId, accountId));
}
