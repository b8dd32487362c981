import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { approvedOrder } from '../../../test/bankid-test-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { accounts, balanceEntries } from '../../db/schema/accounts.ts';
import { freshEmail } from './account-users-test-helpers.ts';
import { customerInvitationsKit } from './customer-invitations-test-helpers.ts';

let testApp: TestApp;
let kit: ReturnType<typeof customerInvitationsKit>;
beforeAll(async () => {
  testApp = await buildTestApp();
  kit = customerInvitationsKit(testApp);
});
afterAll(() => testApp?.close());
afterEach(() => testApp.bankId.simulator?.controls.reset());

const anna = '199001011239';
const johan = '196803152393';
const orgOrder = (personalNumber: string) =>
  approvedOrder(testApp, '/v2/linktinker/app/bankid/orgnumber', personalNumber);
const accountOf = async (id: string) =>
  (await testApp.database.db.select().from(accounts).where(eq(accounts.id, id)))[0];

describe('accepting a company invitation (SPEC sections 2, 5, 6 and 9)', () => {
  it('partner invites 559100-0012; the invitee proves it with BankID and gets the account, the partner recorded', async () => {
    const partner = await kit.signInPartner();
    const email = freshEmail('Anna');
    const invited = await kit.call(partner.token, 'POST', 'account/invite', {
      EmailAddress: email,
      OrgNumber: '559100-0012',
      Name: 'Andersson',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const id = invited.json().Id as string;
    const path = `account/invitations/${id}/accept`;

    // The invitee signs up with the invited address (here: seeded and logged in, in another case).
    const invitee = await kit.signIn({ email: email.toLowerCase() });

    // Without the BankID proof, or with someone the registry does not list for the company: nothing made.
    const before = await kit.counts();
    const noProof = await kit.call(invitee.token, 'POST', path, {});
    expect(noProof.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { issues: [{ path: 'body.ClientAccessKey' }] },
    });
    const notListed = await kit.call(invitee.token, 'POST', path, { ClientAccessKey: (await orgOrder(johan)).key });
    expect(notListed.statusCode).toBe(403);
    expect(notListed.json()).toMatchObject({ code: 'ORG_NUMBER_VERIFICATION_FAILED' });
    expect(await kit.counts()).toEqual(before);
    expect((await kit.findInvitationRow(id))?.status).toBe('pending');

    const { key } = await orgOrder(anna);
    const accepted = await kit.call(invitee.token, 'POST', path, { ClientAccessKey: key });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const state = accepted.json();
    expect(state).toMatchObject({
      IsNewCompany: true,
      user: { UserId: invitee.userId, AccountName: 'Andersson Konsult AB', AccountType: 'company', Role: 2 },
      balances: { TotalBalance: 125_00 },
    });
    const accountId = state.user.AccountId as string;
    expect(await accountOf(accountId)).toMatchObject({
      kind: 'company',
      orgNumber: '5591000012',
      partnerAccountId: partner.accountId,
      balanceMinor: 125_00,
    });
    const ledger = await testApp.database.db
      .select()
      .from(balanceEntries)
      .where(eq(balanceEntries.accountId, accountId));
    expect(ledger).toEqual([expect.objectContaining({ kind: 'welcome-offer', amountMinor: 125_00 })]);
    expect(await kit.findInvitationRow(id)).toMatchObject({
      status: 'accepted',
      acceptedBy: invitee.userId,
      createdAccountId: accountId,
    });

    // The partner sees the customer's account; the invitation cannot be used twice.
    const list = (await kit.call(partner.token, 'GET', 'account/customerinvitations')).json();
    expect(list.Invitations[0]).toMatchObject({
      Id: id,
      Status: 'accepted',
      CreatedAccountId: accountId,
      CreatedAccountName: 'Andersson Konsult AB',
    });
    const again = await kit.call(state.accessToken, 'POST', path, { ClientAccessKey: (await orgOrder(anna)).key });
    expect([again.statusCode, again.json().code]).toEqual([409, 'INVITATION_ALREADY_ACCEPTED']);
    expect((await kit.call(null, 'GET', `account/invitations/${id}/details`)).json().code).toBe(
      'INVITATION_ALREADY_ACCEPTED',
    );
  });

  it('refuses another address and a cancelled invitation, and writes nothing', async () => {
    const partner = await kit.signInPartner();
    const email = freshEmail();
    const id = await kit.insertCustomerInvitation({
      partnerAccountId: partner.accountId,
      invitedBy: partner.userId,
      email,
      kind: 'company',
    });
    const stranger = await kit.signIn();
    const before = await kit.counts();
    const wrongPerson = await kit.call(stranger.token, 'POST', `account/invitations/${id}/accept`, {
      ClientAccessKey: (await orgOrder(anna)).key,
    });
    expect(wrongPerson.statusCode).toBe(403);
    expect(wrongPerson.json()).toMatchObject({
      code: 'FORBIDDEN',
      details: { reason: 'invitation-for-another-email' },
    });

    await kit.call(partner.token, 'PUT', `account/invitations/${id}`, { status: 'cancelled' });
    const invitee = await kit.signIn({ email });
    const cancelled = await kit.call(invitee.token, 'POST', `account/invitations/${id}/accept`, {
      ClientAccessKey: (await orgOrder(anna)).key,
    });
    expect([cancelled.statusCode, cancelled.json().code]).toEqual([410, 'INVITATION_CANCELLED']);
    const after = await kit.counts();
    expect(after.accounts).toBe((before.accounts ?? 0) + 1); // the invitee's own seeded company only
  });
});

describe('accepting a personal invitation (SPEC sections 5 and 6)', () => {
  it('opens the personal account with the partner recorded; a second personal account is refused', async () => {
    const partner = await kit.signInPartner();
    const email = freshEmail();
    const invited = await kit.call(partner.token, 'POST', 'account/invite/personal', { EmailAddress: email });
    const id = invited.json().Id as string;
    const details = await kit.call(null, 'GET', `account/invitations/${id}/details`);
    expect(details.json()).toMatchObject({
      Kind: 'personal',
      PartnerName: `Company ${partner.accountId}`,
      OrgNumber: null,
    });

    const invitee = await kit.signIn({ email: email.toLowerCase() });
    const accepted = await kit.call(invitee.token, 'POST', `account/invitations/${id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const accountId = accepted.json().user.AccountId as string;
    expect(accepted.json()).toMatchObject({ user: { AccountType: 'personal', Role: 2, Currency: 'SEK' } });
    expect(await accountOf(accountId)).toMatchObject({
      kind: 'personal',
      ownerUserId: invitee.userId,
      partnerAccountId: partner.accountId,
    });
    expect(await kit.findInvitationRow(id)).toMatchObject({ status: 'accepted', createdAccountId: accountId });

    // A second partner's invitation to the same person: one personal account per user, nothing written.
    const other = await kit.signInPartner();
    const second = await kit.call(other.token, 'POST', 'account/invite/personal', { EmailAddress: email });
    const before = await kit.counts();
    const refused = await kit.call(
      accepted.json().accessToken,
      'POST',
      `account/invitations/${second.json().Id}/accept`,
      {
        Currency: 'EUR',
      },
    );
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'ACCOUNT_EXISTS']);
    expect(await kit.counts()).toEqual(before);
    expect((await kit.findInvitationRow(second.json().Id))?.status).toBe('pending');
  });

  it('records the partner on the personal account sign-up gave the invitee, when no partner brought it yet', async () => {
    const partner = await kit.signInPartner();
    const invitee = await kit.signInPersonal();
    const id = await kit.insertCustomerInvitation({
      partnerAccountId: partner.accountId,
      invitedBy: partner.userId,
      email: invitee.email,
    });
    const before = await kit.counts();
    const accepted = await kit.call(invitee.token, 'POST', `account/invitations/${id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().user.AccountId).toBe(invitee.accountId);
    expect(await accountOf(invitee.accountId)).toMatchObject({ partnerAccountId: partner.accountId });
    expect(await kit.findInvitationRow(id)).toMatchObject({ status: 'accepted', createdAccountId: invitee.accountId });
    expect((await kit.counts()).accounts).toBe(before.accounts);
  });

  it('lets two tabs accepting at once make one account', async () => {
    const partner = await kit.signInPartner();
    const email = freshEmail();
    const id = await kit.insertCustomerInvitation({
      partnerAccountId: partner.accountId,
      invitedBy: partner.userId,
      email,
    });
    const invitee = await kit.signIn({ email });
    const before = await kit.counts();
    const responses = await Promise.all(
      [1, 2].map(() => kit.call(invitee.token, 'POST', `account/invitations/${id}/accept`)),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect((await kit.counts()).accounts).toBe((before.accounts ?? 0) + 1);
  });
});
