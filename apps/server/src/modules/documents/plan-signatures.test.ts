import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedPricePlan } from '../../../test/seed-price-plan.ts';
import { planSubscriptions } from '../../db/schema/plans.ts';
import { expireInactiveDocuments } from './expire-documents.ts';
import { sendKit } from './send-test-helpers.ts';

/**
 * SPEC section 9: a price plan's signatures are drawn before the balance, one per party, and lapse with the plan
 * year; withdrawal or expiry gives an unsigned party's signature back only while its year is current.
 */
let testApp: TestApp;
let kit: ReturnType<typeof sendKit>;
beforeAll(async () => {
  testApp = await buildTestApp();
  kit = sendKit(testApp);
});
afterAll(() => testApp?.close());

const day = 24 * 3_600_000;
const planOf = async (planId: string) =>
  (await kit.db.select().from(planSubscriptions).where(eq(planSubscriptions.id, planId)))[0];

describe('sending with a price plan', () => {
  it('draws plan signatures first: the balance is untouched, and a withdrawal gives them back', async () => {
    const sender = await kit.signInSender({ balanceMinor: 100_00 });
    const plan = await seedPricePlan(kit.db, {
      accountId: sender.accountId,
      startsAt: new Date(Date.now() - 10 * day),
    });
    const sent = await kit.sentDocument(sender, { parties: [{ signatureType: 'bankid' }, {}] });
    expect(await kit.balanceOf(sender.accountId)).toBe(100_00);
    expect((await planOf(plan.id))?.signaturesUsed).toBe(2);
    const parties = await kit.partiesOf(sent.documentId);
    expect(parties.map((party) => [party.reservedMinor, party.reservedPlanSubscriptionId])).toEqual([
      [0, plan.id],
      [0, plan.id],
    ]);

    await kit.signParty(parties[0]?.id ?? '');
    const reply = await kit.call(sender.token, 'PUT', `errands/${sent.documentId}/disable`, {});
    expect(reply.statusCode, reply.body).toBe(200);
    // The signed party's signature stays used; the unsigned one's goes back to the plan.
    expect((await planOf(plan.id))?.signaturesUsed).toBe(1);
    expect(await kit.balanceOf(sender.accountId)).toBe(100_00);
    expect((await kit.partiesOf(sent.documentId))[1]?.reservedPlanSubscriptionId).toBeNull();
  });

  it('quotes and reserves only the rest from the balance once the year has too few signatures left', async () => {
    // 10 kr covers the e-signature (5) but not a BankID signature (15) as well.
    const sender = await kit.signInSender({ balanceMinor: 10_00 });
    const plan = await seedPricePlan(kit.db, { accountId: sender.accountId, planId: 'SMALL', signaturesUsed: 99 });
    const draft = await kit.draft(sender, { parties: [{ signatureType: 'bankid' }, {}] });
    const quote = await kit.call(sender.token, 'POST', 'links/cost', { ProjectId: draft.documentId });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({
      Lines: [
        { Kind: 'signature-e-signature', Quantity: 1, UnitMinor: 5_00, AmountMinor: 5_00 },
        { Kind: 'plan-signature', Quantity: 1, UnitMinor: 0, AmountMinor: 0 },
      ],
      TotalMinor: 5_00,
      BalanceMinor: 10_00,
      IsCovered: true,
    });
    const sent = await kit.call(sender.token, 'POST', 'links', { ProjectId: draft.documentId });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().ReservedMinor).toBe(5_00);
    expect(await kit.balanceOf(sender.accountId)).toBe(5_00);
    expect((await planOf(plan.id))?.signaturesUsed).toBe(100);
    const parties = await kit.partiesOf(draft.documentId);
    expect(parties.map((party) => [party.reservedMinor, party.reservedPlanSubscriptionId])).toEqual([
      [0, plan.id],
      [5_00, null],
    ]);
  });

  it('a signature whose plan year lapsed before the document expired is not given back; one still in it is', async () => {
    const sender = await kit.signInSender({ balanceMinor: 100_00 });
    // The first plan year ends in 60 days; expiry comes 90 days after sending, in the second year.
    const lapsing = await seedPricePlan(kit.db, {
      accountId: sender.accountId,
      startsAt: new Date(Date.now() - 305 * day),
      years: 2,
    });
    const sent = await kit.sentDocument(sender, { parties: [{}] });
    expect((await planOf(lapsing.id))?.signaturesUsed).toBe(1);
    const expired = await expireInactiveDocuments(kit.db, new Date(Date.now() + 91 * day));
    expect(expired).toContain(sent.documentId);
    expect((await planOf(lapsing.id))?.signaturesUsed).toBe(1);
    expect(await kit.balanceOf(sender.accountId)).toBe(100_00);

    const other = await kit.signInSender({ balanceMinor: 100_00 });
    const current = await seedPricePlan(kit.db, { accountId: other.accountId, startsAt: new Date(Date.now() - day) });
    const kept = await kit.sentDocument(other, { parties: [{}] });
    expect(await expireInactiveDocuments(kit.db, new Date(Date.now() + 91 * day))).toContain(kept.documentId);
    expect((await planOf(current.id))?.signaturesUsed).toBe(0);
  });
});
