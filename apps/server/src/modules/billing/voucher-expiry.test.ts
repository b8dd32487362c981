import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { jobDefinitions, jobSchedules } from '../../job-catalog.ts';
import { sendKit } from '../documents/send-test-helpers.ts';
import { expireAllLapsedCredits, readBalance } from './balance-ledger.ts';
import { issueTestGiftCard, lapseVoucherCredits, ledgerState } from './billing-test-helpers.ts';
import { expireVoucherCreditsJob } from './expire-voucher-credits.job.ts';

/**
 * Voucher credit lapses at its expiry: reads and spends count it as zero at once, the hourly job writes it off,
 * and a document withdrawn after its gift card lapsed gets back only what came from paid credit (SPEC section 4).
 */
let testApp: TestApp;
let kit: ReturnType<typeof sendKit>;
beforeAll(async () => {
  testApp = await buildTestApp();
  kit = sendKit(testApp);
});
afterAll(() => testApp?.close());

const day = 24 * 3_600_000;
type Sender = Awaited<ReturnType<typeof kit.signInSender>>;

async function redeem(sender: Sender, options: Parameters<typeof issueTestGiftCard>[1]) {
  const card = await issueTestGiftCard(kit.db, options);
  const reply = await kit.call(sender.token, 'POST', `app/vouchers/${card.code}/activate`);
  expect(reply.statusCode, reply.body).toBe(200);
  return card;
}

const lapseCredits = (accountId: string) => lapseVoucherCredits(kit.db, accountId);

const withdraw = (sender: Sender, documentId: string) =>
  kit.call(sender.token, 'PUT', `errands/${documentId}/disable`, {});

describe('the expiry job', () => {
  it('writes lapsed credit off once, at its expiry and not before; reads count it as zero before the job', async () => {
    const sender = await kit.signInSender({ balanceMinor: 100_00 });
    const expiresAt = new Date(Date.now() + 10 * day);
    await redeem(sender, { valueMinor: 30_00, expiresAt });

    expect(await expireAllLapsedCredits(kit.db, new Date(expiresAt.getTime() - 60_000))).toMatchObject({
      lapsedMinor: 0,
    });
    expect(await readBalance(kit.db, sender.accountId, new Date(expiresAt.getTime() - 60_000))).toMatchObject({
      totalMinor: 130_00,
      voucherMinor: 30_00,
    });
    const after = new Date(expiresAt.getTime() + 60_000);
    expect(await readBalance(kit.db, sender.accountId, after)).toMatchObject({ totalMinor: 100_00, voucherMinor: 0 });

    const run = await expireAllLapsedCredits(kit.db, after);
    expect(run.lapsedMinor).toBeGreaterThanOrEqual(30_00);
    expect(await ledgerState(kit.db, sender.accountId)).toEqual({
      cachedMinor: 100_00,
      sumMinor: 100_00,
      lowestPotMinor: 0,
    });
    const expiry = (await kit.ledgerOf(sender.accountId)).filter((entry) => entry.kind === 'voucher-expiry');
    expect(expiry.map((entry) => [entry.amountMinor, entry.createdAt])).toEqual([[-30_00, after]]);

    expect((await expireAllLapsedCredits(kit.db, new Date(after.getTime() + day))).lapsedMinor).toBe(0);
    expect((await kit.ledgerOf(sender.accountId)).filter((entry) => entry.kind === 'voucher-expiry')).toHaveLength(1);
  });

  it('is a scheduled job the queue knows, whose handler runs on the real database', async () => {
    expect(jobDefinitions).toContain(expireVoucherCreditsJob);
    expect(jobSchedules.map((schedule) => schedule.job.id)).toContain('billing.expire-voucher-credits');
    const sender = await kit.signInSender({ balanceMinor: 0 });
    await redeem(sender, { valueMinor: 20_00, expiresAt: new Date(Date.now() + 60_000) });
    await lapseCredits(sender.accountId);
    const logged: object[] = [];
    await expireVoucherCreditsJob.handler({
      data: {},
      jobId: 'test',
      attempt: 1,
      isLastAttempt: true,
      context: {
        database: testApp.database,
        logger: { debug() {}, info: (details) => logged.push(details), warn() {}, error() {} },
        get services(): never {
          throw new Error('not needed');
        },
      },
    });
    expect(logged).toEqual([expect.objectContaining({ accounts: expect.any(Number) })]);
    expect((await ledgerState(kit.db, sender.accountId)).cachedMinor).toBe(0);
  });
});

describe('sending and withdrawing with gift-card credit', () => {
  it('spends the gift card first, and after it lapsed a withdrawal restores only the paid part', async () => {
    const sender = await kit.signInSender({ balanceMinor: 100_00 });
    await redeem(sender, { valueMinor: 12_00, expiresAt: new Date(Date.now() + day) });
    // BankID 15 + e-signature 5: 12 from the gift card, 8 from paid credit.
    const sent = await kit.sentDocument(sender, { parties: [{ signatureType: 'bankid' }, {}] });
    const reservation = (await kit.ledgerOf(sender.accountId)).filter((e) => e.kind === 'document-reservation');
    expect(reservation.map((entry) => [entry.amountMinor, entry.voucherCreditId === null])).toEqual(
      expect.arrayContaining([
        [-12_00, false],
        [-8_00, true],
      ]),
    );
    expect(await readBalance(kit.db, sender.accountId)).toMatchObject({ totalMinor: 92_00, voucherMinor: 0 });

    await lapseCredits(sender.accountId);
    const reply = await withdraw(sender, sent.documentId);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ ReleasedMinor: 8_00 });
    expect(await readBalance(kit.db, sender.accountId)).toMatchObject({ totalMinor: 100_00, voucherMinor: 0 });
    expect((await kit.eventsOf(sent.documentId)).at(-1)).toMatchObject({
      type: 'withdrawn',
      data: { releasedMinor: 8_00 },
    });
    const state = await ledgerState(kit.db, sender.accountId);
    expect(state.cachedMinor).toBe(state.sumMinor);
  });

  it('restores every part to its pot while the gift card is still valid', async () => {
    const sender = await kit.signInSender({ balanceMinor: 100_00 });
    await redeem(sender, { valueMinor: 12_00, expiresAt: new Date(Date.now() + day) });
    const sent = await kit.sentDocument(sender, { parties: [{ signatureType: 'bankid' }, {}] });
    const reply = await withdraw(sender, sent.documentId);
    expect(reply.json()).toMatchObject({ ReleasedMinor: 20_00 });
    expect(await readBalance(kit.db, sender.accountId)).toMatchObject({ totalMinor: 112_00, voucherMinor: 12_00 });
    const state = await injectState(sender.token);
    expect(state.balances).toMatchObject({ TotalBalance: 112_00, VoucherBalance: 12_00 });
  });
});

async function injectState(token: string) {
  return (
    await testApp.app.inject({ method: 'GET', url: '/v2/user', headers: { authorization: `Bearer ${token}` } })
  ).json();
}
