import { roles } from '@signlink/contracts/auth/roles';
import { findGiftCardRoute, findOwnGiftCardRoute } from '@signlink/contracts/billing/vouchers.routes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { setBalance } from '../../../test/seed-draft.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { giftCards, voucherCredits } from '../../db/schema/billing.ts';
import { rateLimitsOf } from '../../plugins/rate-limits.ts';
import { issueTestGiftCard, ledgerState } from './billing-test-helpers.ts';

/**
 * SPEC sections 5, 7 and 8: gift cards looked up without and with a session, and activated once, not
 * cumulatively, in the account's currency, a personal card only by its owner; every refusal writes nothing.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

const day = 24 * 3_600_000;
const call = (token: string | null, method: 'GET' | 'POST', path: string) =>
  injectWithToken(testApp, token, method, `/v2/linktinker/${path}`);
const activate = (token: string, code: string) => call(token, 'POST', `app/vouchers/${code}/activate`);
const signIn = (options: Parameters<typeof signInSeededUser>[1] = {}) => signInSeededUser(testApp, options);

type Caller = Awaited<ReturnType<typeof signIn>>;

/** The refusal, and nothing written: the account's ledger is as it was. */
async function expectRefused(caller: Caller, code: string, status: number, errorCode: string) {
  const before = await ledgerState(testApp.database.db, caller.accountId);
  const reply = await activate(caller.token, code);
  expect(reply.statusCode, reply.body).toBe(status);
  expect(reply.json()).toMatchObject({ code: errorCode });
  expect(await ledgerState(testApp.database.db, caller.accountId)).toEqual(before);
}

describe('GET linktinker/vouchers/{code} (public)', () => {
  it('shows value, currency, expiry and state to anyone, whatever the case and dashes of the code', async () => {
    const card = await issueTestGiftCard(testApp.database.db, { valueMinor: 300_00 });
    const dashed = `${card.code.slice(0, 5)}-${card.code.slice(5)}`.toLowerCase();
    const reply = await call(null, 'GET', `vouchers/${dashed}`);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      Code: card.code,
      Value: 300_00,
      Currency: 'SEK',
      ExpiresAt: card.expiresAt?.toISOString(),
      IsPersonal: false,
      State: 'available',
      CanActivate: null,
      RefusalCode: null,
    });
  });

  it('answers an unknown code GIFT_CARD_INVALID, and counts against the lookup rate limit', async () => {
    const reply = await call(null, 'GET', 'vouchers/NOSUCHCARD1');
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ code: 'GIFT_CARD_INVALID' });
    expect(rateLimitsOf(findGiftCardRoute)).toContain('clientLookups');
    expect(rateLimitsOf(findOwnGiftCardRoute)).toContain('clientLookups');
  });
});

describe('POST linktinker/app/vouchers/{code}/activate', () => {
  it('credits the card once as voucher credit, spent before paid credit, and marks it used', async () => {
    const admin = await signIn();
    await setBalance(testApp.database.db, admin.accountId, 100_00);
    const card = await issueTestGiftCard(testApp.database.db, { valueMinor: 250_00 });
    const reply = await activate(admin.token, card.code);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      Code: card.code,
      Credited: 250_00,
      Currency: 'SEK',
      ExpiresAt: card.expiresAt?.toISOString(),
      TotalBalance: 350_00,
      VoucherBalance: 250_00,
    });
    const [used] = await testApp.database.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(used).toMatchObject({ usedByAccountId: admin.accountId, usedByUserId: admin.userId });
    expect((await call(admin.token, 'GET', 'app/balance')).json()).toEqual({
      Currency: 'SEK',
      TotalBalance: 350_00,
      VoucherBalance: 250_00,
      LowBalanceLevel: 1,
    });
    const credits = (await call(admin.token, 'GET', 'app/balance/vouchers')).json().Vouchers;
    expect(credits).toEqual([
      expect.objectContaining({
        Source: 'gift-card',
        Name: card.code,
        Value: 250_00,
        Remaining: 250_00,
        IsExpired: false,
      }),
    ]);
    const state = await injectWithToken(testApp, admin.token, 'GET', '/v2/user');
    expect(state.json().balances).toEqual({
      TotalBalance: 350_00,
      VoucherBalance: 250_00,
      TotalBalanceEurCent: 0,
      VoucherBalanceEurCent: 0,
    });
    const listed = (await call(admin.token, 'GET', 'app/vouchers')).json().Vouchers;
    expect(listed).toEqual([expect.objectContaining({ Code: card.code, State: 'used' })]);
  });

  it('lets a regular user activate, and refuses read-only users and contributors with FORBIDDEN', async () => {
    const admin = await signIn();
    const readOnly = await signIn({ role: roles.readOnly, accountId: admin.accountId });
    const contributor = await signIn({ role: roles.contributor, accountId: admin.accountId });
    const regular = await signIn({ role: roles.regular, accountId: admin.accountId });
    const card = await issueTestGiftCard(testApp.database.db);
    await expectRefused(readOnly, card.code, 403, 'FORBIDDEN');
    await expectRefused(contributor, card.code, 403, 'FORBIDDEN');
    const own = (await call(readOnly.token, 'GET', `app/vouchers/${card.code}`)).json();
    expect(own).toMatchObject({ State: 'available', CanActivate: false, RefusalCode: null });
    expect((await activate(regular.token, card.code)).statusCode).toBe(200);
  });

  it('refuses, in order: unknown, used, expired, wrong currency, another user’s personal card, not cumulative', async () => {
    const { db } = testApp.database;
    const admin = await signIn();
    const other = await signIn();
    const euro = await signIn({ currency: 'EUR' });

    await expectRefused(admin, 'UNKNOWN0001', 404, 'GIFT_CARD_INVALID');

    const used = await issueTestGiftCard(db);
    expect((await activate(other.token, used.code)).statusCode).toBe(200);
    await expectRefused(admin, used.code, 409, 'GIFT_CARD_USED');

    // Expired and in EUR: expiry is checked before the currency.
    const expired = await issueTestGiftCard(db, { currency: 'EUR', expiresAt: new Date(Date.now() - day) });
    await expectRefused(admin, expired.code, 410, 'GIFT_CARD_EXPIRED');

    const sekCard = await issueTestGiftCard(db);
    await expectRefused(euro, sekCard.code, 422, 'GIFT_CARD_WRONG_CURRENCY');
    expect((await call(euro.token, 'GET', `app/vouchers/${sekCard.code}`)).json()).toMatchObject({
      CanActivate: false,
      RefusalCode: 'GIFT_CARD_WRONG_CURRENCY',
    });

    const personal = await issueTestGiftCard(db, { personalUserId: other.userId });
    await expectRefused(admin, personal.code, 422, 'GIFT_CARD_NOT_ACTIVATED');
    expect((await call(other.token, 'GET', 'app/vouchers')).json().Vouchers).toEqual(
      expect.arrayContaining([expect.objectContaining({ Code: personal.code, IsPersonal: true })]),
    );

    // Not cumulative: `other` still holds the first card's credit.
    await expectRefused(other, personal.code, 409, 'GIFT_CARD_NOT_CUMULATIVE');
    expect((await call(admin.token, 'GET', `app/vouchers/${sekCard.code}`)).json()).toMatchObject({
      CanActivate: true,
      RefusalCode: null,
    });
  });

  it('allows another card once the earlier gift credit has lapsed', async () => {
    const { db } = testApp.database;
    const admin = await signIn();
    const first = await issueTestGiftCard(db, { expiresAt: new Date(Date.now() + 60_000) });
    expect((await activate(admin.token, first.code)).statusCode).toBe(200);
    const second = await issueTestGiftCard(db);
    await expectRefused(admin, second.code, 409, 'GIFT_CARD_NOT_CUMULATIVE');
    await db
      .update(giftCards)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(giftCards.id, first.id));
    await db
      .update(voucherCredits)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(voucherCredits.giftCardId, first.id));
    expect((await activate(admin.token, second.code)).statusCode).toBe(200);
    expect((await call(admin.token, 'GET', 'app/balance')).json()).toMatchObject({
      TotalBalance: 200_00,
      VoucherBalance: 200_00,
    });
  });

  it('credits a card once when two activations race, from one account or two', async () => {
    const { db } = testApp.database;
    const first = await signIn();
    const second = await signIn();
    const card = await issueTestGiftCard(db, { valueMinor: 400_00 });
    const replies = await Promise.all([
      activate(first.token, card.code),
      activate(second.token, card.code),
      activate(first.token, card.code),
    ]);
    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409]);
    const balances = await Promise.all(
      [first, second].map(async (who) => (await ledgerState(db, who.accountId)).cachedMinor),
    );
    expect(balances.reduce((sum, balance) => sum + balance, 0)).toBe(400_00);
  });
});

describe('POST dev/vouchers (development only)', () => {
  it('issues a card that can be redeemed, and refuses a code already issued', async () => {
    const issued = await testApp.app.inject({
      method: 'POST',
      url: '/v2/dev/vouchers',
      payload: { Value: 75_00, Currency: 'SEK', Code: 'TRY-ME-0075' },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    expect(issued.json()).toMatchObject({ Code: 'TRYME0075' });
    const again = await testApp.app.inject({
      method: 'POST',
      url: '/v2/dev/vouchers',
      payload: { Value: 75_00, Currency: 'SEK', Code: 'TRYME0075' },
    });
    expect(again.statusCode).toBe(400);
    const forNoOne = await testApp.app.inject({
      method: 'POST',
      url: '/v2/dev/vouchers',
      payload: { Value: 75_00, Currency: 'SEK', PersonalUserId: 'usr_nobody' },
    });
    expect(forNoOne.statusCode, forNoOne.body).toBe(400);
    expect(forNoOne.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const admin = await signIn();
    expect((await activate(admin.token, 'try-me-0075')).json()).toMatchObject({ Credited: 75_00 });
  });
});
