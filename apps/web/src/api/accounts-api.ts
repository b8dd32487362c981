import type {
  DefaultAccessLevel,
  ProveAccountOrgNumber,
  UpdateAccountAddress,
} from '@signlink/contracts/accounts/account-settings';
import {
  lookUpCompanyRoute,
  readAccountAddressRoute,
  setDefaultAccessLevelRoute,
  updateAccountAddressRoute,
} from '@signlink/contracts/accounts/account-settings.routes';
import type { CreateCompanyAccount } from '@signlink/contracts/accounts/company-accounts';
import {
  createCompanyAccountRoute,
  proveAccountOrgNumberRoute,
} from '@signlink/contracts/accounts/company-accounts.routes';
import type { AcceptInvitationRequest } from '@signlink/contracts/accounts/customer-invitations';
import {
  acceptInvitationRoute,
  findInvitationDetailsRoute,
  inviteUserRoute,
  remindAnyInvitationRoute,
  revokeAnyInvitationRoute,
} from '@signlink/contracts/accounts/invitations.routes';
import type { PersonalAccountEmail, PersonalAccountValidate } from '@signlink/contracts/accounts/personal-accounts';
import {
  sendPersonalAccountEmailRoute,
  validatePersonalAccountRoute,
} from '@signlink/contracts/accounts/personal-accounts.routes';
import type { InviteUserRequest } from '@signlink/contracts/accounts/users';
import {
  changeMemberRoleRoute,
  listAccountUsersRoute,
  removeMemberRoute,
} from '@signlink/contracts/accounts/users.routes';
import type { RoleCode } from '@signlink/contracts/auth/roles';
import { fillPath } from '@signlink/contracts/http/route-contract';
import type { ApiClient } from './api-client.ts';

/** Each screen shows its own error line, next to what failed (SPEC section 8). */
const silent = { silent: true } as const;
/** Sending an e-mail, or creating something, is not repeated blindly: the person presses the button again. */
const once = { silent: true, extraTries: 0 } as const;

/** Query keys of useApiQuery (use-api-query.ts) that the settings screens refresh after a change. */
export const accountQueryPaths = {
  users: fillPath(listAccountUsersRoute.path, {}),
  address: fillPath(readAccountAddressRoute.path, {}),
} as const;

/** SPEC section 7 "Accounts": users and invitations, company and personal accounts, account settings. */
export function createAccountsApi(client: ApiClient) {
  return {
    // The /register/{id} page reads the invitation before anyone is signed in.
    invitationDetails: (id: string) =>
      client.api(findInvitationDetailsRoute, { params: { id } }, { auth: 'client', silent: true }),
    acceptInvitation: (id: string, body?: AcceptInvitationRequest) =>
      client.api(acceptInvitationRoute, { params: { id }, body }, once),
    inviteUser: (body: InviteUserRequest) => client.api(inviteUserRoute, { body }, once),
    remindInvitation: (id: string) => client.api(remindAnyInvitationRoute, { params: { id } }, once),
    revokeInvitation: (id: string) =>
      client.api(revokeAnyInvitationRoute, { params: { id }, body: { status: 'cancelled' } }, silent),
    changeRole: (userId: string, role: RoleCode) =>
      client.api(changeMemberRoleRoute, { params: { userId }, body: { role } }, silent),
    removeUser: (userId: string) => client.api(removeMemberRoute, { params: { id: userId } }, once),
    companyInfo: (orgNumber: string) => client.api(lookUpCompanyRoute, { body: { OrgNumber: orgNumber } }, silent),
    createCompany: (body: CreateCompanyAccount) => client.api(createCompanyAccountRoute, { body }, once),
    updateAddress: (body: UpdateAccountAddress) => client.api(updateAccountAddressRoute, { body }, silent),
    // The BankID order's key is used once: a blind second try would be refused as used.
    proveOrgNumber: (body: ProveAccountOrgNumber) => client.api(proveAccountOrgNumberRoute, { body }, once),
    setDefaultAccessLevel: (level: DefaultAccessLevel['DefaultAccessLevel']) =>
      client.api(setDefaultAccessLevelRoute, { body: { DefaultAccessLevel: level } }, silent),
    sendPersonalAccountEmail: (body: PersonalAccountEmail) => client.api(sendPersonalAccountEmailRoute, { body }, once),
    validatePersonalAccount: (body: PersonalAccountValidate) =>
      client.api(validatePersonalAccountRoute, { body }, once),
  };
}

export type AccountsApi = ReturnType<typeof createAccountsApi>;
