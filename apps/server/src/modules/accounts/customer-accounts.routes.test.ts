import { roles } from '@signlink/contracts/auth/roles';
import { pricePlans } from '@signlink/contracts/billing/price-list';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { accounts, balanceEntries, memberships } from '../../db/schema/accounts.ts';
import { planSubscriptions } from '../../db/schema/plans.ts';
import { readSentCode } from '../verification-codes/verification-codes-test-helpers.ts';
import { expectUnauthenticatedAndForbidden, freshEmail } from './account-users-test-helpers.ts';
import { customerAccountBody, proveCustomerEmail } from './customer-accounts-test-helpers.ts';
import { customerInvitationsKit } from './customer-invitations-test-helpers.ts';

let testApp: TestApp;
let kit: ReturnType<typeof customerInvitationsKit>;
let callers: Awaited<ReturnType<ReturnType<typeof customerInvitationsKit>['signInPartnerCallers']>>;
beforeAll(async () => {
  testApp = await buildTestApp();
  kit = customerInvitationsKit(testApp);
  callers = await kit.signInPartnerCallers();
});
afterAll(() => testApp?.close());

const post = (url: string, token: string | null, payload: unknown) =>
  testApp.app.inject({
    method: 'POST',
    url: `/v2/linktinker/app/${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: payload as Record<string, unknown>,
  });

async function rowsOf(accountId: string) {
  const { db } = testApp.database;
  return {
    account: (await db.select().from(accounts).where(eq(accounts.id, accountId)))[0],
    plans: await db.select().from(planSubscriptions).where(eq(planSubscriptions.accountId, accountId)),
    entries: await db.select().from(balanceEntries).where(eq(balanceEntries.accountId, accountId)),
  };
}

async function countAll() {
  const { db } = testApp.database;
  const [accountRows] = await db.select({ n: count() }).from(accounts);
  const [planRows] = await db.select({ n: count() }).from(planSubscriptions);
  const [entryRows] = await db.select({ n: count() }).from(balanceEntries);
  return { accounts: accountRows?.n, plans: planRows?.n, entries: entryRows?.n };
}

describe('a partner sets up a customer account directly (SPEC sections 3, 6 and 7)', () => {
  it('proves the e-mail, creates the account with its plan and credit, and enters it', async () => {
    const email = freshEmail('Kund');
    const proof = await proveCustomerEmail(testApp, callers.admin.token, email);
    expect(proof.EmailAddress).toBe(email.replace(/@.*/, (domain) => domain.toLowerCase()).toLowerCase());

    const start = new Date(Date.now() + 7 * 24 * 3_600_000);
    const created = await post(
      'accounts/register',
      callers.admin.token,
      customerAccountBody(proof.EmailVerificationToken, {
        PricePlanId: 'MEDIUM',
        Years: 2,
        SignatureAmount: 450,
        ActivateNow: false,
        StartDate: start.toISOString(),
        AdditionalAmount: 500_00,
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const customer = created.json();
    expect(customer).toMatchObject({
      Name: 'Andersson Konsult AB',
      Currency: 'SEK',
      PricePlanId: 'MEDIUM',
      Years: 2,
      SignaturesPerYear: 450,
      StartDate: start.toISOString(),
      InvoiceSetting: 'customer',
      AdditionalAmount: 500_00,
    });

    const { account, plans, entries } = await rowsOf(customer.AccountId);
    expect(account).toMatchObject({
      kind: 'company',
      orgNumber: '5591000012',
      partnerAccountId: callers.admin.accountId,
      invoiceEmail: proof.EmailAddress,
      balanceMinor: 500_00,
    });
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({
      planId: 'MEDIUM',
      years: 2,
      signaturesPerYear: 450,
      yearlyFeeMinor: pricePlans.MEDIUM.yearlyFee.SEK,
      currency: 'SEK',
      paymentMethod: 'invoice',
      status: 'active',
      orderedBy: callers.admin.userId,
    });
    expect(plans[0]?.startsAt.toISOString()).toBe(start.toISOString());
    expect(plans[0]?.endsAt.getUTCFullYear()).toBe(start.getUTCFullYear() + 2);
    expect(entries.map((entry) => [entry.kind, entry.amountMinor])).toEqual([['partner-credit', 500_00]]);

    const entered = await post('accounts/token', callers.admin.token, { AccountId: customer.AccountId });
    expect(entered.statusCode, entered.body).toBe(201);
    expect(entered.json().user).toMatchObject({ AccountId: customer.AccountId, Role: roles.administrator });
    expect(entered.json().balances.TotalBalance).toBe(500_00);
  });

  it('activates now with the plan’s own signatures, and invoices the partner when asked', async () => {
    const { db } = testApp.database;
    await db
      .update(accounts)
      .set({ invoiceEmail: 'billing@partner.example' })
      .where(eq(accounts.id, callers.admin.accountId));
    const proof = await proveCustomerEmail(testApp, callers.admin.token, freshEmail());
    const before = Date.now();
    const created = await post(
      'accounts/register',
      callers.admin.token,
      customerAccountBody(proof.EmailVerificationToken, { InvoiceSetting: 'partner' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { account, plans, entries } = await rowsOf(created.json().AccountId);
    expect(account?.invoiceEmail).toBe('billing@partner.example');
    expect(plans[0]?.signaturesPerYear).toBe(pricePlans.SMALL.signaturesPerYear);
    expect(plans[0]?.startsAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(entries).toHaveLength(0);
  });

  it('sets up a company abroad in EUR, priced from the price list in EUR', async () => {
    const proof = await proveCustomerEmail(testApp, callers.admin.token, freshEmail());
    const created = await post(
      'accounts/register',
      callers.admin.token,
      customerAccountBody(proof.EmailVerificationToken, {
        Company: {
          CountryCode: 'DK',
          LegalName: 'Nielsen Design ApS',
          VatNumber: 'DK41225618',
          AddressLine1: 'Strøget 1',
          ZipCode: '1100',
          City: 'København',
        },
        PricePlanId: 'LARGE',
        AdditionalAmount: 40_00,
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ Currency: 'EUR', SignaturesPerYear: pricePlans.LARGE.signaturesPerYear });
    const { account, plans, entries } = await rowsOf(created.json().AccountId);
    expect(account).toMatchObject({ currency: 'EUR', countryCode: 'DK', balanceMinor: 40_00 });
    expect(plans[0]).toMatchObject({ currency: 'EUR', yearlyFeeMinor: pricePlans.LARGE.yearlyFee.EUR });
    expect(entries[0]).toMatchObject({ currency: 'EUR', amountMinor: 40_00 });
  });

  it('refuses a customer account without a proven e-mail, or with another partner’s proof', async () => {
    const before = await countAll();
    const forged = await post('accounts/register', callers.admin.token, customerAccountBody('not-a-proof'));
    expect(forged.statusCode).toBe(409);
    expect(forged.json()).toMatchObject({ code: 'ACTION_CANCELLED' });

    const othersProof = await proveCustomerEmail(testApp, callers.otherPartnerAdmin.token, freshEmail());
    const borrowed = await post(
      'accounts/register',
      callers.admin.token,
      customerAccountBody(othersProof.EmailVerificationToken),
    );
    expect(borrowed.json()).toMatchObject({ code: 'ACTION_CANCELLED' });
    expect(await countAll()).toEqual(before);
  });

  it('takes no code of another partner’s sending as proof', async () => {
    const email = freshEmail();
    const sent = await post('accounts/validation/email', callers.otherPartnerAdmin.token, { EmailAddress: email });
    const code = await readSentCode(testApp.database, email.toLowerCase());
    const stolen = await post('accounts/validation/validate', callers.admin.token, {
      EmailAddressToken: sent.json().EmailAddressToken,
      Code: code,
    });
    expect(stolen.json()).toMatchObject({ code: 'WRONG_CODE' });
  });

  it('rolls everything back when the plan cannot be written', async () => {
    const { db } = testApp.database;
    const proof = await proveCustomerEmail(testApp, callers.admin.token, freshEmail());
    // A real failure of the plan's INSERT, raised by the database inside the service's transaction.
    await testApp.database.executeSql(`
      create function refuse_plan() returns trigger language plpgsql as $$
        begin raise exception 'plan refused for the test'; end $$;
      create trigger refuse_plan before insert on plan_subscriptions for each row execute function refuse_plan();`);
    try {
      const before = await countAll();
      const [memberRows] = await db.select({ n: count() }).from(memberships);
      const refused = await post(
        'accounts/register',
        callers.admin.token,
        customerAccountBody(proof.EmailVerificationToken, { AdditionalAmount: 100_00 }),
      );
      expect(refused.statusCode).toBe(500);
      expect(await countAll()).toEqual(before);
      expect((await db.select({ n: count() }).from(memberships))[0]).toEqual(memberRows);
    } finally {
      await testApp.database.executeSql('drop trigger refuse_plan on plan_subscriptions; drop function refuse_plan();');
    }
  });

  it('refuses an end date past the years bought, and a start date in the past', async () => {
    const proof = await proveCustomerEmail(testApp, callers.admin.token, freshEmail());
    const tooLong = await post(
      'accounts/register',
      callers.admin.token,
      customerAccountBody(proof.EmailVerificationToken, {
        EndDate: new Date(Date.now() + 400 * 24 * 3_600_000).toISOString(),
      }),
    );
    expect(tooLong.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const past = await post(
      'accounts/register',
      callers.admin.token,
      customerAccountBody(proof.EmailVerificationToken, {
        ActivateNow: false,
        StartDate: new Date(Date.now() - 3 * 24 * 3_600_000).toISOString(),
      }),
    );
    expect(past.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('lets partners enter only their own customers’ accounts', async () => {
    const proof = await proveCustomerEmail(testApp, callers.admin.token, freshEmail());
    const created = await post(
      'accounts/register',
      callers.admin.token,
      customerAccountBody(proof.EmailVerificationToken),
    );
    const accountId = created.json().AccountId;

    const foreign = await post('accounts/token', callers.otherPartnerAdmin.token, { AccountId: accountId });
    expect(foreign.statusCode).toBe(404);
    const ownAccount = await post('accounts/token', callers.nonPartnerAdmin.token, {
      AccountId: callers.nonPartnerAdmin.accountId,
    });
    expect(ownAccount.statusCode).toBe(403);
    const notACustomer = await post('accounts/token', callers.admin.token, {
      AccountId: callers.nonPartnerAdmin.accountId,
    });
    expect(notACustomer.statusCode).toBe(404);
    const { db } = testApp.database;
    const held = await db.select().from(memberships).where(eq(memberships.userId, callers.otherPartnerAdmin.userId));
    expect(held.map((row) => row.accountId)).not.toContain(accountId);
  });

  it('lists the plans a partner may set up, in the partner’s currency', async () => {
    const listed = await testApp.app.inject({
      url: '/v2/linktinker/app/partner/priceplans',
      headers: { authorization: `Bearer ${callers.admin.token}` },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual({
      Currency: 'SEK',
      Plans: ['SMALL', 'MEDIUM', 'LARGE'].map((id) => ({
        PricePlanId: id,
        YearlyFee: pricePlans[id as 'SMALL'].yearlyFee.SEK,
        DefaultSignaturesPerYear: pricePlans[id as 'SMALL'].signaturesPerYear,
        MaxYears: 3,
      })),
    });
  });

  it('refuses every call to those who are not a partner’s administrators', async () => {
    const { admin: _admin, otherPartnerAdmin: _other, ...refused } = callers;
    const forbidden = ['regular', 'contributor', 'readOnly', 'nonPartnerAdmin'] as const;
    const calls: Array<(token: string | null) => ReturnType<typeof post>> = [
      (token) => post('accounts/validation/email', token, { EmailAddress: freshEmail() }),
      (token) => post('accounts/validation/validate', token, { EmailAddressToken: 'a'.repeat(32), Code: '123456' }),
      (token) => post('accounts/register', token, customerAccountBody('x')),
      (token) => post('accounts/token', token, { AccountId: callers.admin.accountId }),
      (token) =>
        testApp.app.inject({
          url: '/v2/linktinker/app/partner/priceplans',
          headers: token ? { authorization: `Bearer ${token}` } : {},
        }),
    ];
    const before = await countAll();
    for (const call of calls) {
      await expectUnauthenticatedAndForbidden((caller) => call(caller?.token ?? null), refused, forbidden);
    }
    expect(await countAll()).toEqual(before);
  });
});
