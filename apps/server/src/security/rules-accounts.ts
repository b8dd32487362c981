import { roles } from '@signlink/contracts/auth/roles';
import { approvedOrder } from '../../test/bankid-test-helpers.ts';
import { freshEmail } from '../modules/accounts/account-users-test-helpers.ts';
import {
  customerAccountBody,
  proveCustomerEmail,
  setInvoiceEmail,
} from '../modules/accounts/customer-accounts-test-helpers.ts';
import { readSentCode } from '../modules/verification-codes/verification-codes-test-helpers.ts';
import type { AccessRules, MemberName } from './access-rules.ts';
import type { World } from './security-world-test-helpers.ts';

/** SPEC section 6: the account's administrators manage it, its users, and (as a partner) its customers. */
const admins: MemberName[] = ['admin'];

const address = {
  AddressLine1: 'Storgatan 1',
  ZipCode: '11122',
  City: 'Stockholm',
  InvoiceEmail: 'faktura@example.com',
};
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

/** A new regular member of A: the target of a role change or a removal. */
async function freshMemberId(world: World) {
  return { params: { userId: (await world.freshCaller('regular')).userId } };
}

/** A customer account of partner A, set up by A's administrator through the real calls. */
async function customerOfA(world: World) {
  const proof = await proveCustomerEmail(world.testApp, world.a.admin.token, freshEmail());
  const created = await world.testApp.app.inject({
    method: 'POST',
    url: '/v2/linktinker/app/accounts/register',
    headers: { authorization: `Bearer ${world.a.admin.token}` },
    payload: customerAccountBody(proof.EmailVerificationToken),
  });
  return (created.json() as { AccountId: string }).AccountId;
}

/** A code sent to a customer's address by A's administrator, and the code as the customer read it out. */
async function customerCode(world: World) {
  const email = freshEmail().toLowerCase();
  const sent = await world.testApp.app.inject({
    method: 'POST',
    url: '/v2/linktinker/app/accounts/validation/email',
    headers: { authorization: `Bearer ${world.a.admin.token}` },
    payload: { EmailAddress: email },
  });
  const code = await readSentCode(world.testApp.database, email);
  return { body: { EmailAddressToken: (sent.json() as { EmailAddressToken: string }).EmailAddressToken, Code: code } };
}

export const accountRules: AccessRules = {
  'GET /linktinker/app/account/address': {
    session: { allowed: 'every role', resource: 'own account', sample: () => ({}) },
  },
  'PUT /linktinker/app/account/address': {
    session: { allowed: admins, resource: 'own account', sample: () => ({ body: address }) },
  },
  'PUT /linktinker/account/defaultaccesslevel': {
    session: { allowed: admins, resource: 'own account', sample: () => ({ body: { DefaultAccessLevel: 'shared' } }) },
  },
  'POST /linktinker/app/account/companyinfo': {
    session: { allowed: 'every role', resource: 'own account', sample: () => ({ body: { OrgNumber: '5591000012' } }) },
  },
  'POST /linktinker/app/accounts': {
    session: {
      allowed: 'every role',
      resource: 'the caller',
      fresh: true,
      sample: async (w, who) => ({
        ...(who ? { token: (await w.freshCaller(who)).token } : {}),
        body: {
          CountryCode: 'DK',
          LegalName: 'Nielsen Design ApS',
          VatNumber: 'DK41225618',
          AddressLine1: 'Strøget 1',
          ZipCode: '1100',
          City: 'København',
        },
      }),
    },
  },
  // The sign-up's company step is the add-company call under another path (register-company.ts).
  'POST /linktinker/app/register/company': {
    session: {
      allowed: 'every role',
      resource: 'the caller',
      fresh: true,
      sample: async (w, who) => ({
        ...(who ? { token: (await w.freshCaller(who)).token } : {}),
        body: {
          CountryCode: 'DK',
          LegalName: 'Nielsen Design ApS',
          VatNumber: 'DK41225618',
          AddressLine1: 'Strøget 1',
          ZipCode: '1100',
          City: 'København',
        },
      }),
    },
  },
  'POST /linktinker/app/account/validate/orgnumber': {
    session: {
      allowed: admins,
      resource: 'own account',
      // Each caller its own approved order: a refused caller must not use up the one the allowed caller brings.
      fresh: true,
      sample: async (w) => {
        const { key } = await approvedOrder(w.testApp, '/v2/linktinker/app/bankid/orgnumber', '199001011239');
        return { body: { OrgNumber: '559100-0012', ClientAccessKey: key } };
      },
    },
  },
  'POST /linktinker/app/account/validation/orgnumber/email': {
    session: {
      allowed: admins,
      resource: 'own account',
      // A fresh invoice address each time, so the code-send limit per address is never what answers.
      fresh: true,
      sample: async (w) => {
        await setInvoiceEmail(w.testApp, w.a.admin.accountId, freshEmail());
        return { body: { OrgNumber: '559100-0012' } };
      },
    },
  },
  'GET /linktinker/app/account/recipientpage': {
    session: { allowed: 'every role', resource: 'own account', sample: () => ({}) },
  },
  'PUT /linktinker/app/account/recipientpage': {
    session: {
      allowed: admins,
      resource: 'own account',
      sample: () => ({
        body: { ConsentMessage: 'We keep your data safe.', PrivacyUrl: 'https://example.com/privacy' },
      }),
    },
  },
  'PUT /linktinker/app/account/logo': {
    session: {
      allowed: admins,
      resource: 'own account',
      sample: () => ({ raw: { payload: png, contentType: 'image/png' } }),
    },
  },
  'DELETE /linktinker/app/account/logo': { session: { allowed: admins, resource: 'own account', sample: () => ({}) } },
  'GET /linktinker/app/account/users': { session: { allowed: admins, resource: 'own account', sample: () => ({}) } },
  'PUT /linktinker/app/users/:userId/role': {
    session: {
      allowed: admins,
      resource: 'user of the account',
      sample: async (w) => ({ ...(await freshMemberId(w)), body: { role: roles.contributor } }),
    },
  },
  'POST /linktinker/app/users/:id/remove': {
    session: {
      allowed: admins,
      resource: 'user of the account',
      fresh: true,
      sample: async (w) => ({ params: { id: (await w.freshCaller('regular')).userId } }),
    },
  },
  'POST /linktinker/app/users/invite': {
    session: {
      allowed: admins,
      resource: 'own account',
      sample: () => ({ body: { email: freshEmail(), role: roles.regular } }),
    },
  },
  'GET /linktinker/app/account/invitations': {
    session: { allowed: admins, resource: 'own account', sample: () => ({}) },
  },
  'PUT /linktinker/app/account/invitations/:id': {
    session: {
      allowed: admins,
      resource: 'invitation',
      sample: async (w) => ({ params: { id: await w.invitation() }, body: { status: 'cancelled' } }),
    },
  },
  'DELETE /linktinker/app/users/:id/invite': {
    session: {
      allowed: admins,
      resource: 'invitation',
      sample: async (w) => ({ params: { id: await w.invitation() } }),
    },
  },
  'POST /linktinker/app/account/invitations/:id/remind': {
    session: {
      allowed: admins,
      resource: 'invitation',
      sample: async (w) => ({ params: { id: await w.invitation() } }),
    },
  },
  'POST /linktinker/app/account/invitations/:id/accept': {
    session: {
      // Only the person the invitation names, whatever their role elsewhere (SPEC section 4).
      allowed: ['invitee'],
      resource: 'invitation',
      sample: async (w) => ({ params: { id: await w.invitation(w.members.invitee.email) } }),
    },
  },
  'POST /linktinker/app/account/invite': {
    session: {
      allowed: admins,
      resource: 'own account',
      sample: () => ({ body: { EmailAddress: freshEmail(), OrgNumber: '5591000012' } }),
    },
  },
  'POST /linktinker/app/account/invite/personal': {
    session: { allowed: admins, resource: 'own account', sample: () => ({ body: { EmailAddress: freshEmail() } }) },
  },
  'GET /linktinker/app/account/customerinvitations': {
    session: { allowed: admins, resource: 'own account', sample: () => ({}) },
  },
  'GET /linktinker/app/account/referrallinks': {
    session: { allowed: admins, resource: 'own account', sample: () => ({}) },
  },
  'PUT /linktinker/app/account/referrallinks/:id': {
    session: {
      allowed: admins,
      resource: 'referral link',
      sample: async (w) => ({ params: { id: await w.referralLink() }, body: { Disabled: false } }),
    },
  },
  // SPEC sections 6 and 7: a partner's administrators set up customer accounts and enter them; B is no partner.
  'POST /linktinker/app/accounts/validation/email': {
    session: { allowed: admins, resource: 'own account', sample: () => ({ body: { EmailAddress: freshEmail() } }) },
  },
  'POST /linktinker/app/accounts/validation/validate': {
    session: { allowed: admins, resource: 'own account', fresh: true, sample: (w) => customerCode(w) },
  },
  'POST /linktinker/app/accounts/register': {
    session: {
      allowed: admins,
      resource: 'own account',
      fresh: true,
      sample: async (w) => ({
        body: customerAccountBody(
          (await proveCustomerEmail(w.testApp, w.a.admin.token, freshEmail())).EmailVerificationToken,
        ),
      }),
    },
  },
  'POST /linktinker/app/accounts/token': {
    session: {
      allowed: admins,
      resource: 'an account by id',
      sample: async (w) => ({ body: { AccountId: await customerOfA(w) } }),
    },
  },
  'GET /linktinker/app/partner/priceplans': {
    session: { allowed: admins, resource: 'own account', sample: () => ({}) },
  },
};
