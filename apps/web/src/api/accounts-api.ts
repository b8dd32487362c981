import type {
  ZAccountAddress,
  ZCompanyInfo,
  ZDefaultAccessLevel,
  ZProveAccountOrgNumber,
  ZUpdateAccountAddress,
} from '@signlink/contracts/accounts/account-settings';
import type { ZCreateCompanyAccount } from '@signlink/contracts/accounts/company-accounts';
import type {
  ZAcceptInvitationRequest,
  ZAnyInvitationDetails,
} from '@signlink/contracts/accounts/customer-invitations';
import type {
  ZPersonalAccountEmail,
  ZPersonalAccountEmailSent,
  ZPersonalAccountValidate,
} from '@signlink/contracts/accounts/personal-accounts';
import type { ZAccountUsersResponse, ZInvitation, ZInviteUserRequest } from '@signlink/contracts/accounts/users';
import type { AuthState } from '@signlink/contracts/auth/auth-state';
import type { RoleCode } from '@signlink/contracts/auth/roles';
import type { ApiClient } from './api-client.ts';
import type { Parsed } from './auth-api.ts';

/** A user invitation (`Kind` 'user') or a partner's customer invitation ('company' or 'personal'). */
export type InvitationDetails = Parsed<typeof ZAnyInvitationDetails>;
export type AcceptInvitation = NonNullable<Parsed<typeof ZAcceptInvitationRequest>>;
export type AccountUsers = Parsed<typeof ZAccountUsersResponse>;
export type Invitation = Parsed<typeof ZInvitation>;
export type InviteUserRequest = Parsed<typeof ZInviteUserRequest>;
/** The request body before zod's transforms: the organisation number is sent as typed digits. */
export type CreateCompanyAccount = Parsed<typeof ZCreateCompanyAccount>;
export type CompanyInfo = Parsed<typeof ZCompanyInfo>;
export type AccountAddress = Parsed<typeof ZAccountAddress>;
export type UpdateAccountAddress = Parsed<typeof ZUpdateAccountAddress>;
export type ProveAccountOrgNumber = Parsed<typeof ZProveAccountOrgNumber>;
export type DefaultAccessLevel = Parsed<typeof ZDefaultAccessLevel>['DefaultAccessLevel'];
export type PersonalAccountEmail = Parsed<typeof ZPersonalAccountEmail>;
export type PersonalAccountEmailSent = Parsed<typeof ZPersonalAccountEmailSent>;
export type PersonalAccountValidate = Parsed<typeof ZPersonalAccountValidate>;

/** Each screen shows its own error line, next to what failed (SPEC section 8). */
const silent = { silent: true } as const;
/** Sending an e-mail, or creating something, is not repeated blindly: the person presses the button again. */
const once = { silent: true, extraTries: 0 } as const;

const invitationPath = (id: string) => `linktinker/app/account/invitations/${encodeURIComponent(id)}`;

/** Query keys of useApiQuery (use-api-query.ts) that the settings screens refresh after a change. */
export const accountQueryPaths = {
  users: 'linktinker/app/account/users',
  address: 'linktinker/app/account/address',
} as const;

/** SPEC section 7 "Accounts": users and invitations, company and personal accounts, account settings. */
export function createAccountsApi(client: ApiClient) {
  return {
    // The /register/{id} page reads the invitation before anyone is signed in.
    invitationDetails: (id: string) =>
      client.get<InvitationDetails>(`${invitationPath(id)}/details`, { auth: 'client', silent: true }),
    acceptInvitation: (id: string, body?: AcceptInvitation) =>
      client.post<AuthState>(`${invitationPath(id)}/accept`, body, once),
    inviteUser: (body: InviteUserRequest) => client.post<Invitation>('linktinker/app/users/invite', body, once),
    remindInvitation: (id: string) => client.post<unknown>(`${invitationPath(id)}/remind`, undefined, once),
    revokeInvitation: (id: string) => client.put<unknown>(invitationPath(id), { status: 'cancelled' }, silent),
    changeRole: (userId: string, role: RoleCode) =>
      client.put<unknown>(`linktinker/app/users/${encodeURIComponent(userId)}/role`, { role }, silent),
    removeUser: (userId: string) =>
      client.post<unknown>(`linktinker/app/users/${encodeURIComponent(userId)}/remove`, undefined, once),
    companyInfo: (orgNumber: string) =>
      client.post<CompanyInfo>('linktinker/app/account/companyinfo', { OrgNumber: orgNumber }, silent),
    createCompany: (body: CreateCompanyAccount) => client.post<AuthState>('linktinker/app/accounts', body, once),
    updateAddress: (body: UpdateAccountAddress) => client.put<AccountAddress>(accountQueryPaths.address, body, silent),
    // The BankID order's key is used once: a blind second try would be refused as used.
    proveOrgNumber: (body: ProveAccountOrgNumber) =>
      client.post<AccountAddress>('linktinker/app/account/validate/orgnumber', body, once),
    setDefaultAccessLevel: (level: DefaultAccessLevel) =>
      client.put<unknown>('linktinker/account/defaultaccesslevel', { DefaultAccessLevel: level }, silent),
    sendPersonalAccountEmail: (body: PersonalAccountEmail) =>
      client.post<PersonalAccountEmailSent>('linktinker/app/personalaccounts/validation/email', body, once),
    validatePersonalAccount: (body: PersonalAccountValidate) =>
      client.post<AuthState>('linktinker/app/personalaccounts/validation/validate', body, once),
  };
}

export type AccountsApi = ReturnType<typeof createAccountsApi>;
