import { endLivePlans, makeInvoiceCustomer, seedPricePlan } from '../../test/seed-price-plan.ts';
import { insertTestCampaign, issueTestGiftCard, lapseVoucherCredits } from '../modules/billing/billing-test-helpers.ts';
import { insertTestInvoice } from '../modules/billing/invoices-test-helpers.ts';
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

/** SPEC section 6: those who send documents spend the balance, so they top it up and see its receipts. */
const payers: MemberName[] = ['admin', 'regular'];

/**
 * A's top-up, started by A's administrator and, when asked, paid on the Stripe simulator and applied by a poll. Its
 * events are held back: the matrix's app does not listen, so nothing would receive them.
 */
async function topUpOfA(world: World, { paid }: { paid: boolean }) {
  const { testApp, a } = world;
  const controls = testApp.payments.simulator?.controls;
  if (!controls) throw new Error('simulators are on in tests');
  controls.holdEvents();
  const started = await testApp.app.inject({
    method: 'POST',
    url: '/v2/linktinker/app/balance/payments',
    headers: { authorization: `Bearer ${a.admin.token}` },
    payload: { ProductId: 'top-up-1' },
  });
  const { SessionId } = started.json() as { SessionId: string };
  if (!paid) return { sessionId: SessionId, receiptId: '' };
  controls.pay(SessionId);
  const polled = await testApp.app.inject({
    url: `/v2/linktinker/app/sessions/${SessionId}`,
    headers: { authorization: `Bearer ${a.admin.token}` },
  });
  return { sessionId: SessionId, receiptId: (polled.json() as { ReceiptId: string }).ReceiptId };
}

/** The account a caller acts in: B's administrator in B, everyone else in A. */
const accountOf = (world: World, who: CallerName | null) =>
  who === 'otherAdmin' ? world.b.accountId : world.a.admin.accountId;
/** An invoice of account A, written as a plan ordered by invoice writes one. */
async function invoiceOfA(world: World) {
  return (await insertTestInvoice(world.testApp.database.db, { accountId: world.a.admin.accountId })).id;
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
  'GET /linktinker/app/balance/payments/products': {
    session: { allowed: payers, resource: 'own account', sample: () => ({}) },
  },
  'POST /linktinker/app/balance/payments': {
    session: { allowed: payers, resource: 'own account', sample: () => ({ body: { ProductId: 'top-up-1' } }) },
  },
  'GET /linktinker/app/sessions/:id': {
    session: {
      allowed: payers,
      resource: 'payment',
      sample: async (w) => ({ params: { id: (await topUpOfA(w, { paid: false })).sessionId } }),
    },
  },
  // Any member reads what the account has: it decides what they may send (SPEC section 6).
  'GET /linktinker/app/addons': {
    session: { allowed: 'every role', resource: 'own account', sample: () => ({}) },
  },
  'GET /linktinker/app/addons/smartfields': {
    session: { allowed: 'every role', resource: 'own account', sample: () => ({}) },
  },
  // Starting a purchase changes no add-on (only a paid one does), so every allowed caller may start one.
  'POST /linktinker/app/payments/addons/activate': {
    session: { allowed: payers, resource: 'own account', sample: () => ({ body: { AddOnId: 'sms-invitation' } }) },
  },
  'GET /linktinker/app/transactionfees': {
    session: { allowed: payers, resource: 'own account', sample: () => ({}) },
  },
  'GET /linktinker/app/receipts': {
    session: { allowed: payers, resource: 'own account', sample: () => ({}) },
  },
  'GET /linktinker/app/receipts/:id': {
    session: {
      allowed: payers,
      resource: 'receipt',
      sample: async (w) => ({ params: { id: (await topUpOfA(w, { paid: true })).receiptId } }),
    },
  },
  'GET /linktinker/app/receipts/:id/pdf': {
    session: {
      allowed: payers,
      resource: 'receipt',
      sample: async (w) => ({ params: { id: (await topUpOfA(w, { paid: true })).receiptId } }),
    },
  },
  'GET /linktinker/app/priceplans': {
    session: { allowed: 'every role', resource: 'own account', sample: () => ({}) },
  },
  // A new card order ends the account's open plan checkout, so each payer's order is accepted in turn.
  'POST /linktinker/app/payments/priceplans/:id/order': {
    session: {
      allowed: payers,
      resource: 'own account',
      sample: () => ({ params: { id: 'SMALL' }, body: { Years: 1 } }),
    },
  },
  'POST /linktinker/app/priceplans/:pricePlanId/invoice': {
    session: {
      allowed: payers,
      resource: 'own account',
      fresh: true,
      sample: async (w, who) => {
        const accountId = accountOf(w, who);
        await makeInvoiceCustomer(w.testApp.database.db, accountId);
        await endLivePlans(w.testApp.database.db, accountId);
        return { params: { pricePlanId: 'SMALL' }, body: { Years: 1 } };
      },
    },
  },
  'POST /linktinker/app/priceplans/cancel': {
    session: {
      allowed: payers,
      resource: 'own account',
      fresh: true,
      sample: async (w, who) => {
        await seedPricePlan(w.testApp.database.db, { accountId: accountOf(w, who) });
        return {};
      },
    },
  },
  // Invoices concern the whole account (SPEC section 6: every member sees the account's billing); registering
  // where they go is an administrator's.
  'GET /linktinker/app/invoices': {
    session: { allowed: 'every role', resource: 'own account', sample: () => ({}) },
  },
  'GET /linktinker/app/invoices/:id': {
    session: {
      allowed: 'every role',
      resource: 'invoice',
      sample: async (w) => ({ params: { id: await invoiceOfA(w) } }),
    },
  },
  'GET /linktinker/app/invoices/:id/pdf': {
    session: {
      allowed: 'every role',
      resource: 'invoice',
      sample: async (w) => ({ params: { id: await invoiceOfA(w) } }),
    },
  },
  'GET /linktinker/app/account/invoicecustomer': {
    session: { allowed: 'every role', resource: 'own account', sample: () => ({}) },
  },
  'PUT /linktinker/app/account/invoicecustomer': {
    session: {
      allowed: ['admin'],
      resource: 'own account',
      sample: () => ({ body: { InvoiceEmail: 'faktura@example.com', InvoiceAddress: ['Box 1', '111 22 Stockholm'] } }),
    },
  },
  'POST /linktinker/payments/stripe/webhook': {
    open: "Stripe's event callback: its Stripe-Signature over the raw body is checked before anything is read",
  },
};
