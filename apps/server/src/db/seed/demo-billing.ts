import { pricePlans } from '@signlink/contracts/billing/price-list';
import { eq } from 'drizzle-orm';
import { addYearsUtc } from '../../lib/calendar.ts';
import { newId } from '../../lib/ids.ts';
import type { Transaction } from '../database.ts';
import { accounts, balanceEntries } from '../schema/accounts.ts';
import { campaigns, giftCards } from '../schema/billing.ts';
import { planSubscriptions } from '../schema/plans.ts';

/** A redeemable card and a campaign to try redemption with, printed as `DEMO-GIFT-0500` (dashes are ignored). */
export const demoGiftCard = { code: 'DEMOGIFT0500', valueMinor: 500_00, currency: 'SEK' } as const;
export const demoCampaign = { id: 'DEMOCAMPAIGN', creditMinor: 50_00, currency: 'SEK', creditValidDays: 90 } as const;

const year = 365 * 24 * 3_600_000;

/**
 * The demo account's welcome offer as its ledger line (its cached balance is the sum of its lines), a SEK 500 gift
 * card and a SEK 50 campaign, each valid a year, and a one-year MEDIUM plan (invoiced, as a partner would set it up)
 * so the demo can share documents within the account (SPEC section 5), all in the seed's transaction.
 */
export async function seedDemoBilling(
  tx: Transaction,
  input: { accountId: string; welcomeOfferMinor: number; now?: Date },
) {
  const now = input.now ?? new Date();
  await tx.insert(balanceEntries).values({
    id: newId('bal'),
    accountId: input.accountId,
    kind: 'welcome-offer',
    amountMinor: input.welcomeOfferMinor,
    currency: 'SEK',
    note: 'Welcome offer for a new company account',
  });
  await tx.update(accounts).set({ balanceMinor: input.welcomeOfferMinor }).where(eq(accounts.id, input.accountId));
  await tx.insert(giftCards).values({
    id: newId('gft'),
    ...demoGiftCard,
    expiresAt: new Date(now.getTime() + year),
    issuedAt: now,
  });
  await tx.insert(campaigns).values({
    ...demoCampaign,
    name: 'Demo campaign',
    description: 'SEK 50 of credit for trying Signlink, valid 90 days from activation.',
    validUntil: new Date(now.getTime() + year),
  });
  await tx.insert(planSubscriptions).values({
    id: newId('plan'),
    accountId: input.accountId,
    planId: 'MEDIUM',
    years: 1,
    signaturesPerYear: pricePlans.MEDIUM.signaturesPerYear,
    yearlyFeeMinor: pricePlans.MEDIUM.yearlyFee.SEK,
    currency: 'SEK',
    paymentMethod: 'invoice',
    status: 'active',
    startsAt: now,
    endsAt: addYearsUtc(now, 1),
    yearStartsAt: now,
  });
}
