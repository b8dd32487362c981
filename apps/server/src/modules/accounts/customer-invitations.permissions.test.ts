import { roles } from '@signlink/contracts/auth/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { expectUnauthenticatedAndForbidden, freshEmail } from './account-users-test-helpers.ts';
import { customerInvitationsKit } from './customer-invitations-test-helpers.ts';

/**
 * SPEC section 6, "partners add customer accounts, see invitations", per endpoint: only administrators of a
 * partner account; the partner's other roles and a non-partner's administrator get FORBIDDEN, another partner's
 * administrator NOT_FOUND for this partner's invitation ids, and no token 401.
 */
let testApp: TestApp;
let kit: ReturnType<typeof customerInvitationsKit>;
type Caller = Awaited<ReturnType<ReturnType<typeof customerInvitationsKit>['signIn']>>;
let callers: Awaited<ReturnType<typeof kit.signInPartnerCallers>>;

beforeAll(async () => {
  testApp = await buildTestApp();
  kit = customerInvitationsKit(testApp);
  callers = await kit.signInPartnerCallers();
});
afterAll(() => testApp?.close());

interface Endpoint {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  path(invitationId: string): string;
  body?(): unknown;
  adminStatus: number;
  hasId: boolean;
}

const endpoints: Endpoint[] = [
  {
    name: 'POST account/invite',
    method: 'POST',
    path: () => 'account/invite',
    body: () => ({ EmailAddress: freshEmail(), OrgNumber: '5591000012' }),
    adminStatus: 201,
    hasId: false,
  },
  {
    name: 'POST account/invite/personal',
    method: 'POST',
    path: () => 'account/invite/personal',
    body: () => ({ EmailAddress: freshEmail() }),
    adminStatus: 201,
    hasId: false,
  },
  {
    name: 'GET account/customerinvitations',
    method: 'GET',
    path: () => 'account/customerinvitations',
    adminStatus: 200,
    hasId: false,
  },
  {
    name: 'PUT account/invitations/{id} (customer)',
    method: 'PUT',
    path: (id) => `account/invitations/${id}`,
    body: () => ({ status: 'cancelled' }),
    adminStatus: 200,
    hasId: true,
  },
  {
    name: 'POST account/invitations/{id}/remind (customer)',
    method: 'POST',
    path: (id) => `account/invitations/${id}/remind`,
    adminStatus: 200,
    hasId: true,
  },
];

describe('who may invite customer accounts (SPEC section 6)', () => {
  it.each(endpoints)(
    '$name: partner administrators only; other roles and non-partners 403, another partner 404, no token 401',
    async (endpoint) => {
      const invitationId = await kit.insertCustomerInvitation({
        partnerAccountId: callers.admin.accountId,
        invitedBy: callers.admin.userId,
      });
      const before = await kit.counts();
      const send = (caller: Caller | null) =>
        kit.call(caller?.token ?? null, endpoint.method, endpoint.path(invitationId), endpoint.body?.());

      await expectUnauthenticatedAndForbidden(send, callers, ['regular', 'contributor', 'readOnly', 'nonPartnerAdmin']);

      const other = await send(callers.otherPartnerAdmin);
      if (endpoint.hasId) {
        expect(other.statusCode, other.body).toBe(404);
        expect(other.json()).toMatchObject({ code: 'NOT_FOUND' });
        // The refusals wrote nothing: no row, no e-mail.
        expect(await kit.counts()).toEqual(before);
      } else {
        // Without an id the call acts on the caller's own partner account: none of this partner's data shows.
        expect(other.statusCode, other.body).toBe(endpoint.adminStatus);
        expect(other.body).not.toContain(invitationId);
      }

      const allowed = await send(callers.admin);
      expect(allowed.statusCode, allowed.body).toBe(endpoint.adminStatus);
    },
  );

  it('shows a customer invitation’s details to anyone holding its id, with no token', async () => {
    const invitationId = await kit.insertCustomerInvitation({
      partnerAccountId: callers.admin.accountId,
      invitedBy: callers.admin.userId,
      kind: 'company',
    });
    const path = `account/invitations/${invitationId}/details`;
    const anonymous = await kit.call(null, 'GET', path);
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    expect(anonymous.json()).toMatchObject({ Kind: 'company', OrgNumber: '5591000012' });
    for (const caller of Object.values(callers)) {
      expect((await kit.call(caller.token, 'GET', path)).json()).toEqual(anonymous.json());
    }
  });

  it('lets only the invited person accept, whatever their role elsewhere; no token is 401', async () => {
    const email = freshEmail();
    const invitationId = await kit.insertCustomerInvitation({
      partnerAccountId: callers.admin.accountId,
      invitedBy: callers.admin.userId,
      email,
    });
    const path = `account/invitations/${invitationId}/accept`;
    expect((await kit.call(null, 'POST', path)).statusCode).toBe(401);
    for (const [name, caller] of Object.entries(callers)) {
      const response = await kit.call(caller.token, 'POST', path);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    const invited = await kit.signIn({ email, role: roles.readOnly });
    const accepted = await kit.call(invited.token, 'POST', path);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({ user: { AccountType: 'personal', Role: roles.administrator } });
  });
});
