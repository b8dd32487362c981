import type {
  InviteCompanyCustomerRequest,
  InvitePersonalCustomerRequest,
} from '@signlink/contracts/accounts/customer-invitations';
import {
  inviteCompanyCustomerRoute,
  invitePersonalCustomerRoute,
  listCustomerInvitationsRoute,
} from '@signlink/contracts/accounts/customer-invitations.routes';
import { fillPath } from '@signlink/contracts/http/route-contract';
import type { ApiClient } from './api-client.ts';

/** Sending an e-mail is not repeated blindly: the person presses the button again. */
const once = { silent: true, extraTries: 0 } as const;

/** The list's query key (useApiQuery), refreshed after an invitation is sent, reminded or revoked. */
export const customerInvitationsPath = fillPath(listCustomerInvitationsRoute.path, {});

/**
 * SPEC sections 6 and 7: a partner's administrators invite customer accounts. Reminding and revoking go through
 * `account/invitations/{id}`, as for user invitations (accounts-api.ts).
 */
export function createCustomerInvitationsApi(client: ApiClient) {
  return {
    inviteCompany: (body: InviteCompanyCustomerRequest) => client.api(inviteCompanyCustomerRoute, { body }, once),
    invitePersonal: (body: InvitePersonalCustomerRequest) => client.api(invitePersonalCustomerRoute, { body }, once),
  };
}
