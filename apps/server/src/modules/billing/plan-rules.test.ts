import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPricePlan } from '../../../test/seed-price-plan.ts';
import { seedUser } from '../../../test/seed-user.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { activateAddOn } from './account-add-ons.repository.ts';
import { canShareWithinAccount, canUseTemplates } from './plan-rules.ts';
import { findPlanSignaturesLeft } from './plan-signatures.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const day = 24 * 3_600_000;

describe('SPEC section 5 rules that depend on plans', () => {
  it('templates need an annual plan (any size) or the templates add-on', async () => {
    const { db } = database;
    const none = await seedUser(db);
    expect(await canUseTemplates(db, none.accountId)).toBe(false);
    const small = await seedUser(db);
    await seedPricePlan(db, { accountId: small.accountId, planId: 'SMALL' });
    expect(await canUseTemplates(db, small.accountId)).toBe(true);
    expect(await canShareWithinAccount(db, small.accountId)).toBe(false);
    const addOn = await seedUser(db);
    await activateAddOn(db, { accountId: addOn.accountId, addOnId: 'templates' });
    expect(await canUseTemplates(db, addOn.accountId)).toBe(true);
  });

  it('a plan past its end counts no more, even before the renewal job marks it ended', async () => {
    const { db } = database;
    const user = await seedUser(db);
    await seedPricePlan(db, { accountId: user.accountId, planId: 'LARGE', startsAt: new Date(Date.now() - 366 * day) });
    expect(await canUseTemplates(db, user.accountId)).toBe(false);
    expect(await canShareWithinAccount(db, user.accountId)).toBe(false);
    expect(await canShareWithinAccount(db, user.accountId, new Date(Date.now() - 2 * day))).toBe(true);
  });

  it('a plan set up to start later gives nothing before its start', async () => {
    const { db } = database;
    const user = await seedUser(db);
    await seedPricePlan(db, { accountId: user.accountId, planId: 'LARGE', startsAt: new Date(Date.now() + 10 * day) });
    expect(await canShareWithinAccount(db, user.accountId)).toBe(false);
    expect(await findPlanSignaturesLeft(db, user.accountId, new Date())).toBe(0);
    const afterStart = new Date(Date.now() + 11 * day);
    expect(await canShareWithinAccount(db, user.accountId, afterStart)).toBe(true);
    expect(await findPlanSignaturesLeft(db, user.accountId, afterStart)).toBe(1_000);
  });
});
