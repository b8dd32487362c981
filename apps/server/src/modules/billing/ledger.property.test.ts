import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { newId } from '../../lib/ids.ts';
import { listPots } from './balance.repository.ts';
import {
  creditPaid,
  creditVoucher,
  expireLapsedCredits,
  readBalance,
  releaseToBalance,
  spendBalance,
} from './balance-ledger.ts';
import { ledgerState } from './billing-test-helpers.ts';
import { isLapsed } from './ledger.ts';

/**
 * The ledger's invariants over random sequences of paid credits, voucher credits with expiries, document
 * reservations and releases, clock moves and expiry-job runs, on the real database: the cached balance is the sum
 * of the lines, no pot and no balance goes negative, voucher credit stays within the total, a spend succeeds
 * exactly when the live total covers it, and a release restores only what did not come from lapsed credit.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const day = 24 * 3_600_000;
const documentCount = 2;

type Operation =
  | { op: 'paid'; amount: number }
  | { op: 'voucher'; amount: number; days: number | null }
  | { op: 'spend'; document: number; amount: number }
  | { op: 'release'; document: number; whole: boolean }
  | { op: 'clock'; days: number }
  | { op: 'expiry-job' };

// Weighted so that credits are spent and documents released across expiries often, not by luck.
const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ op: fc.constant('paid' as const), amount: fc.integer({ min: 1, max: 500_00 }) }),
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('voucher' as const),
      amount: fc.integer({ min: 1, max: 500_00 }),
      days: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null, freq: 4 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('spend' as const),
      document: fc.integer({ min: 0, max: documentCount - 1 }),
      amount: fc.integer({ min: 1, max: 400_00 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('release' as const),
      document: fc.integer({ min: 0, max: documentCount - 1 }),
      whole: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('clock' as const), days: fc.integer({ min: 1, max: 4 }) }) },
  fc.record({ op: fc.constant('expiry-job' as const) }),
);

async function run(operations: Operation[]) {
  const { db } = database;
  const accountId = newId('acc');
  await db.insert(accounts).values({ id: accountId, kind: 'company', name: 'Property AB', currency: 'SEK' });
  const documents = Array.from({ length: documentCount }, (_, index) => `${accountId}-doc-${index}`);
  let now = new Date('2026-01-01T00:00:00Z');

  for (const step of operations) {
    if (step.op === 'paid') {
      await db.transaction((tx) => creditPaid(tx, { accountId, kind: 'test-credit', amountMinor: step.amount, now }));
    } else if (step.op === 'voucher') {
      await db.transaction((tx) =>
        creditVoucher(tx, {
          id: newId('vcr'),
          accountId,
          source: 'referral',
          name: 'Property credit',
          valueMinor: step.amount,
          currency: 'SEK',
          expiresAt: step.days === null ? null : new Date(now.getTime() + step.days * day),
          now,
        }),
      );
    } else if (step.op === 'spend') {
      const before = await readBalance(db, accountId, now);
      const documentId = documents[step.document] ?? '';
      const spending = db.transaction((tx) =>
        spendBalance(tx, { accountId, documentId, amountMinor: step.amount, now }),
      );
      if (step.amount > before.totalMinor) {
        await expect(spending).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
        expect((await readBalance(db, accountId, now)).totalMinor).toBe(before.totalMinor);
      } else {
        await spending;
        expect((await readBalance(db, accountId, now)).totalMinor).toBe(before.totalMinor - step.amount);
      }
    } else if (step.op === 'release') {
      const documentId = documents[step.document] ?? '';
      const draws = (await listPots(db, { accountId, documentId })).map((pot) => ({
        ...pot,
        outstanding: -pot.remainingMinor,
      }));
      const outstanding = draws.reduce((sum, draw) => sum + draw.outstanding, 0);
      const amountMinor = step.whole ? outstanding : Math.floor(outstanding / 2);
      if (amountMinor === 0) continue;
      const before = await readBalance(db, accountId, now);
      const restored = await db.transaction((tx) => releaseToBalance(tx, { accountId, documentId, amountMinor, now }));
      const notLapsed = draws.filter((draw) => !isLapsed(draw, now)).reduce((sum, draw) => sum + draw.outstanding, 0);
      if (step.whole) expect(restored).toBe(notLapsed);
      else expect(restored).toBeLessThanOrEqual(Math.min(amountMinor, notLapsed));
      expect((await readBalance(db, accountId, now)).totalMinor).toBe(before.totalMinor + restored);
    } else if (step.op === 'clock') {
      now = new Date(now.getTime() + step.days * day);
    } else {
      const before = await readBalance(db, accountId, now);
      await expireLapsedCredits(db, accountId, now);
      // Writing lapsed credit off changes nothing a reader sees: it already counted as zero.
      expect(await readBalance(db, accountId, now)).toEqual(before);
      const state = await ledgerState(db, accountId);
      expect(state.cachedMinor).toBe(before.totalMinor);
    }

    const state = await ledgerState(db, accountId);
    expect(state.cachedMinor).toBe(state.sumMinor);
    expect(state.cachedMinor).toBeGreaterThanOrEqual(0);
    expect(state.lowestPotMinor).toBeGreaterThanOrEqual(0);
    const balance = await readBalance(db, accountId, now);
    expect(balance.voucherMinor).toBeLessThanOrEqual(balance.totalMinor);
    expect(balance.totalMinor).toBeLessThanOrEqual(state.cachedMinor);
  }
}

describe('the balance ledger (property)', () => {
  it('keeps its invariants over any sequence of credits, spends, releases, clock moves and expiry runs', async () => {
    await fc.assert(fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), run), { numRuns: 40 });
  }, 120_000);
});
