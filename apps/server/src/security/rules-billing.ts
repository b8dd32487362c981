import { insertTestCampaign, issueTestGiftCard, lapseVoucherCredits } from '../modules/billing/billing-test-helpers.ts';
import type { AccessRules, CallerName, MemberName } from './access-rules.ts';
import type { World } from './security-world-test-helpers.ts';

/** SPEC section 6: those who send (administrators, regular users) spend the balance, so they redeem credit too. */
const redeemers: MemberName[] = ['admin', 'regular'];

/**
 * A card nobody used for each caller. Gift cards are not cumulative, so an allowed caller's account first has its
 * earlier gift-card credit lapse (an earlier caller's activation would otherwise refuse this one).
 */
async function freshCard(world: World, who: CallerName | null) {
  const { db } = world.testApp.database;
  if (who) {
    const accountId = who === 'otherAdmin' ? world.b.accountId : world.a.admin.accountId;
    await lapseVoucherCredits(db, accountId);
  }
  return (await issueTestGiftCard(db)).code;
}

export const billingRules: AccessRules = {
  'GET /linktinker/app/balance': {
    session: { allowed: 'every role', resource: 'own account', sample: () => ({}) },
  },
  'GET /linktinker/app/balance/vouchers': {
    session: { allowed: 'every role', resource: 'own account', sample: () => ({}) },
  },
  'GET /linktinker/app/vouchers': {
    session: { allowed: 'every role', resource: 'the caller', sample: () => ({}) },
  },
  'GET /linktinker/app/vouchers/:code': {
    session: {
      allowed: 'every role',
      resource: 'none',
      sample: async (w) => ({ params: { code: (await issueTestGiftCard(w.testApp.database.db)).code } }),
    },
  },
  'POST /linktinker/app/vouchers/:code/activate': {
    session: {
      allowed: redeemers,
      resource: 'own account',
      fresh: true,
      sample: async (w, who) => ({ params: { code: await freshCard(w, who) } }),
    },
  },
  'GET /linktinker/app/campaigns': {
    session: { allowed: 'every role', resource: 'own account', sample: () => ({}) },
  },
  'POST /linktinker/app/campaigns/:id/activate': {
    session: {
      allowed: redeemers,
      resource: 'own account',
      // Once per account: each caller a campaign of its own.
      fresh: true,
      sample: async (w) => ({ params: { id: (await insertTestCampaign(w.testApp.database.db)).id } }),
    },
  },
};
