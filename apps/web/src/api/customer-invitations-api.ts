import type {
  ZCustomerInvitation,
  ZCustomerInvitationsResponse,
  ZInviteCompanyCustomerRequest,
  ZInvitePersonalCustomerRequest,
} from '@signlink/contracts/accounts/customer-invitations';
import type { ApiClient } from './api-client.ts';
import type { Parsed } from './auth-api.ts';

export type CustomerInvitation = Parsed<typeof ZCustomerInvitation>;
export type CustomerInvitations = Parsed<typeof ZCustomerInvitationsResponse>;
export type InviteCompanyCustomer = Parsed<typeof ZInviteCompanyCustomerRequest>;
export type InvitePersonalCustomer = Parsed<typeof ZInvitePersonalCustomerRequest>;

/** Sending an e-mail is not repeated blindly: the person presses the button again. */
const once = { silent: true, extraTries: 0 } as const;

export const customerInvitationsPath = 'linktinker/app/account/customerinvitations';

/**
 * SPEC sections 6 and 7: a partner's administrators invite customer accounts. Reminding and revoking go through
 * `account/invitations/{id}`, as for user invitations (accounts-api.ts).
 */
export function createCustomerInvitationsApi(client: ApiClient) {
  return {
    inviteCompany: (body: InviteCompanyCustomer) =>
      client.post<CustomerInvitation>('linktinker/app/account/invite', body, once),
    invitePersonal: (body: InvitePersonalCustomer) =>
      client.post<CustomerInvitation>('linktinker/app/account/invite/personal', body, once),
  };
}
