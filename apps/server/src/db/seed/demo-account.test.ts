import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { canShareWithinAccount } from '../../modules/billing/plan-rules.ts';
import { accounts, balanceEntries, memberships, users } from '../schema/accounts.ts';
import { campaigns, giftCards } from '../schema/billing.ts';
import { referralLinks } from '../schema/partners.ts';
import { planSubscriptions } from '../schema/plans.ts';
import { demoLogin, ensureDemoAccount } from './demo-account.ts';
import { demoCampaign, demoGiftCard } from './demo-billing.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('ensureDemoAccount', () => {
  it('creates an administrator on a company account with the welcome offer, password hashed', async () => {
    const result = await ensureDemoAccount(database.db);
    expect(result).toEqual({ created: true, ...demoLogin });
    const [user] = await database.db.select().from(users).where(eq(users.email, demoLogin.email));
    if (!user?.passwordHash) throw new Error('demo user missing');
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verify(user.passwordHash, demoLogin.password)).toBe(true);
    const [membership] = await database.db.select().from(memberships).where(eq(memberships.userId, user.id));
    if (!membership) throw new Error('membership missing');
    expect(membership.role).toBe(2);
    const [account] = await database.db.select().from(accounts).where(eq(accounts.id, membership.accountId));
    expect(account).toMatchObject({ kind: 'company', currency: 'SEK', balanceMinor: 12_500, isPartner: true });
    const links = await database.db
      .select()
      .from(referralLinks)
      .where(eq(referralLinks.partnerAccountId, account?.id ?? ''));
    expect(links).toHaveLength(1);
    expect(links[0]?.id).toMatch(/^[A-HJ-NP-Z2-9]{20}$/);
    // The welcome offer is a ledger line, so the cached balance is the sum of the account's lines.
    const ledger = await database.db
      .select()
      .from(balanceEntries)
      .where(eq(balanceEntries.accountId, account?.id ?? ''));
    expect(ledger.map((entry) => [entry.kind, entry.amountMinor, entry.voucherCreditId])).toEqual([
      ['welcome-offer', 12_500, null],
    ]);
  });

  it('issues a redeemable SEK 500 demo gift card and a running demo campaign, valid about a year', async () => {
    const [card] = await database.db.select().from(giftCards).where(eq(giftCards.code, demoGiftCard.code));
    expect(card).toMatchObject({ valueMinor: 500_00, currency: 'SEK', usedAt: null, personalUserId: null });
    const yearAhead = Date.now() + 364 * 24 * 3_600_000;
    expect(card?.expiresAt?.getTime()).toBeGreaterThan(yearAhead);
    const [campaign] = await database.db.select().from(campaigns).where(eq(campaigns.id, demoCampaign.id));
    expect(campaign).toMatchObject({ creditMinor: 50_00, currency: 'SEK', creditValidDays: 90 });
    expect(campaign?.validUntil.getTime()).toBeGreaterThan(yearAhead);
  });

  it('gives the demo company a live MEDIUM plan, so it may share documents within the account', async () => {
    const [account] = await database.db.select().from(accounts);
    expect(await canShareWithinAccount(database.db, account?.id ?? '')).toBe(true);
    const plans = await database.db.select().from(planSubscriptions);
    expect(plans.map((plan) => [plan.planId, plan.status, plan.signaturesPerYear])).toEqual([
      ['MEDIUM', 'active', 300],
    ]);
  });

  it('does nothing on a database that has users', async () => {
    const again = await ensureDemoAccount(database.db);
    expect(again.created).toBe(false);
    const all = await database.db.select().from(users);
    expect(all).toHaveLength(1);
  });
});
