import type { RegisterCustomerAccount } from '@signlink/contracts/accounts/customer-accounts';
import {
  enterCustomerAccountRoute,
  registerCustomerAccountRoute,
  startCustomerEmailRoute,
  validateCustomerEmailRoute,
} from '@signlink/contracts/accounts/customer-accounts.routes';
import type { ApiClient } from './api-client.ts';

/** A code is not sent, nor an account made, twice by a blind retry: the person presses the button again. */
const once = { silent: true, extraTries: 0 } as const;

/** SPEC sections 6 and 7: a partner's administrators set up customer accounts directly and enter them. */
export function createCustomerAccountsApi(client: ApiClient) {
  return {
    sendCode: (EmailAddress: string) => client.api(startCustomerEmailRoute, { body: { EmailAddress } }, once),
    validateCode: (EmailAddressToken: string, Code: string) =>
      client.api(validateCustomerEmailRoute, { body: { EmailAddressToken, Code } }, once),
    register: (body: RegisterCustomerAccount) => client.api(registerCustomerAccountRoute, { body }, once),
    enter: (AccountId: string) => client.api(enterCustomerAccountRoute, { body: { AccountId } }, once),
  };
}
