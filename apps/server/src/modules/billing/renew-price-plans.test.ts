import { isValidOcrReference } from '@signlink/contracts/billing/ocr-reference';
import { pricePlans } from '@signlink/contracts/billing/price-list';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../../../test/seed-user.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { payments } from '../../db/schema/payments.ts';
import { invoices } from '../../db/schema/plans.ts';
import { jobDefinitions, jobSchedules } from '../../job-catalog.ts';
import { createMemoryLogger } from '../../jobs/job-test-helpers.ts';
import { plansOf, seedPlan } from './plan-renewal-test-helpers.ts';
import { renewPricePlansJob } from './renew-price-plans.job.ts';
import { renewPricePlans } from './renew-price-plans.ts';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb?.close());

const startsAt = new Date('2025-03-10T12:00:00Z');
const endsAt = new Date('2026-03-10T12:00:00Z');
const justAfter = new Date('2026-03-10T12:30:00Z');

/** The job's handler with the clock at `now`, as pg-boss would run it (no payments provider: invoice plans only). */
async function runJob(now: Date) {
  const logger = createMemoryLogger();
  await renewPricePlansJob.handler({
    data: { now: now.toISOString() },
    jobId: 'test',
    attempt: 1,
    isLastAttempt: true,
    context: { database: testDb, logger, services: { payments: { provider: undefined } } as never },
  });
  return logger;
}

const invoicesOf = (accountId: string) => testDb.db.select().from(invoices).where(eq(invoices.accountId, accountId));

describe('the renewal job', () => {
  it('is registered and runs hourly', () => {
    expect(jobDefinitions).toContain(renewPricePlansJob);
    expect(jobSchedules.find((schedule) => schedule.job === renewPricePlansJob)?.cron).toMatch(/^\d+ \* \* \* \*$/);
  });

  it('leaves a plan alone until its term is over, then renews it once: a new active term, the old one ended', async () => {
    const { accountId, userId } = await seedUser(testDb.db);
    // Ordered when MEDIUM cost less: the renewal takes today's price.
    const plan = await seedPlan(testDb.db, {
      accountId,
      userId,
      startsAt,
      yearlyFeeMinor: 5_000_00,
      signaturesUsed: 40,
    });
    await runJob(new Date('2026-03-10T11:59:59Z'));
    expect((await plansOf(testDb.db, accountId)).map((row) => row.status)).toEqual(['active']);

    await runJob(justAfter);
    const [old, renewed] = await plansOf(testDb.db, accountId);
    expect(old).toMatchObject({ id: plan.id, status: 'ended' });
    expect(renewed).toMatchObject({
      status: 'active',
      renewalOf: plan.id,
      planId: 'MEDIUM',
      years: 1,
      paymentMethod: 'invoice',
      yearlyFeeMinor: pricePlans.MEDIUM.yearlyFee.SEK,
      signaturesPerYear: pricePlans.MEDIUM.signaturesPerYear,
      signaturesUsed: 0,
      orderedBy: userId,
    });
    expect(renewed?.startsAt.toISOString()).toBe(endsAt.toISOString());
    expect(renewed?.yearStartsAt.toISOString()).toBe(endsAt.toISOString());
    expect(renewed?.endsAt.toISOString()).toBe('2027-03-10T12:00:00.000Z');

    const before = { plans: await plansOf(testDb.db, accountId), invoices: await invoicesOf(accountId) };
    await runJob(justAfter);
    await runJob(new Date('2026-06-01T00:00:00Z'));
    expect(await plansOf(testDb.db, accountId)).toEqual(before.plans);
    expect(await invoicesOf(accountId)).toEqual(before.invoices);
  });

  it('invoices an invoice plan for the new term, with VAT for a Swedish customer and a valid OCR reference', async () => {
    const { accountId, userId, email } = await seedUser(testDb.db);
    await seedPlan(testDb.db, { accountId, userId, startsAt, planId: 'LARGE', years: 2 });
    await testDb.db.update(accounts).set({ invoiceEmail: 'faktura@renewal.example' }).where(eq(accounts.id, accountId));
    await runJob(new Date('2027-03-10T13:00:00Z'));
    const renewed = (await plansOf(testDb.db, accountId))[1];
    const [invoice] = await invoicesOf(accountId);
    const subtotal = pricePlans.LARGE.yearlyFee.SEK * 2;
    expect(invoice).toMatchObject({
      description: 'Price plan LARGE, 2 years',
      subtotalMinor: subtotal,
      vatPercent: 25,
      vatMinor: subtotal / 4,
      totalMinor: subtotal * 1.25,
      currency: 'SEK',
      buyerName: 'Renewal AB',
      buyerAddress: 'Box 1, 111 11 Stockholm',
      invoiceEmail: 'faktura@renewal.example',
      planSubscriptionId: renewed?.id,
    });
    expect(invoice?.invoiceEmail).not.toBe(email);
    expect(isValidOcrReference(invoice?.ocrReference ?? '')).toBe(true);
    expect(invoice?.periodStart?.toISOString()).toBe('2027-03-10T12:00:00.000Z');
    expect(invoice?.periodEnd?.toISOString()).toBe('2029-03-10T12:00:00.000Z');
    expect(invoice?.dueAt.toISOString()).toBe('2027-03-20T13:00:00.000Z');
  });

  it('sends the invoice to the orderer when the account has no invoice e-mail, and no VAT abroad', async () => {
    const { accountId, userId, email } = await seedUser(testDb.db);
    await seedPlan(testDb.db, { accountId, userId, startsAt, planId: 'SMALL' });
    await testDb.db.update(accounts).set({ countryCode: 'NO', orgNumber: null }).where(eq(accounts.id, accountId));
    await runJob(justAfter);
    const [invoice] = await invoicesOf(accountId);
    expect(invoice).toMatchObject({ invoiceEmail: email, vatPercent: 0, vatMinor: 0 });
  });

  it('ends a cancelled plan without renewing it', async () => {
    const { accountId, userId } = await seedUser(testDb.db);
    await seedPlan(testDb.db, { accountId, userId, startsAt, status: 'cancelled' });
    await runJob(justAfter);
    expect((await plansOf(testDb.db, accountId)).map((row) => row.status)).toEqual(['ended']);
    expect(await invoicesOf(accountId)).toEqual([]);
  });

  it('renews once when two runs race for the same plans', async () => {
    const seeded = await Promise.all([seedUser(testDb.db), seedUser(testDb.db)]);
    for (const { accountId, userId } of seeded) await seedPlan(testDb.db, { accountId, userId, startsAt });
    const deps = { db: testDb.db, provider: undefined, logger: createMemoryLogger() };
    const results = await Promise.all([renewPricePlans(deps, justAfter), renewPricePlans(deps, justAfter)]);
    expect(results.map((result) => result.failed)).toEqual([0, 0]);
    for (const { accountId } of seeded) {
      expect((await plansOf(testDb.db, accountId)).map((row) => row.status)).toEqual(['ended', 'active']);
      expect(await invoicesOf(accountId)).toHaveLength(1);
    }
  });

  it('renews a card plan with a pending renewal payment for the new term', async () => {
    const { accountId, userId } = await seedUser(testDb.db);
    await seedPlan(testDb.db, { accountId, userId, startsAt, paymentMethod: 'card' });
    await runJob(justAfter);
    const renewed = (await plansOf(testDb.db, accountId))[1];
    const [payment] = await testDb.db.select().from(payments).where(eq(payments.accountId, accountId));
    expect(renewed).toMatchObject({ status: 'active', paymentMethod: 'card', paymentId: payment?.id });
    expect(payment).toMatchObject({
      kind: 'price-plan',
      productId: 'MEDIUM',
      status: 'pending',
      isRenewal: true,
      amountMinor: pricePlans.MEDIUM.yearlyFee.SEK,
      totalMinor: pricePlans.MEDIUM.yearlyFee.SEK * 1.25,
      providerInvoiceId: null,
    });
    expect(payment?.periodStart?.toISOString()).toBe(endsAt.toISOString());
    expect(await invoicesOf(accountId)).toEqual([]);
  });
});

describe('plan years of a multi-year plan', () => {
  it('writes back a rolled year so the unused signatures visibly lapse, once', async () => {
    const { accountId, userId } = await seedUser(testDb.db);
    const plan = await seedPlan(testDb.db, { accountId, userId, startsAt, years: 3, signaturesUsed: 120 });
    await runJob(new Date('2026-03-10T11:00:00Z'));
    expect((await plansOf(testDb.db, accountId))[0]).toMatchObject({ signaturesUsed: 120 });
    await runJob(new Date('2026-03-10T13:00:00Z'));
    const [rolled] = await plansOf(testDb.db, accountId);
    expect(rolled).toMatchObject({ id: plan.id, status: 'active', signaturesUsed: 0 });
    expect(rolled?.yearStartsAt.toISOString()).toBe('2026-03-10T12:00:00.000Z');
    // Two years on, in the third year: rolled once more, to that year's start.
    await runJob(new Date('2027-08-01T00:00:00Z'));
    expect((await plansOf(testDb.db, accountId))[0]?.yearStartsAt.toISOString()).toBe('2027-03-10T12:00:00.000Z');
    expect(await plansOf(testDb.db, accountId)).toHaveLength(1);
  });
});
