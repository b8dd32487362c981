import type {
  BankIdRefreshResponse,
  StartBankIdResponse,
  ValidateBankIdResponse,
} from '@signlink/contracts/bankid/bankid-orders';
import type { ValidateOrgNumberResponse } from '@signlink/contracts/bankid/org-number-bankid';
import { useMemo } from 'react';
import type { ApiClient } from '../../api/api-client.ts';
import { useApiClient } from '../../api/api-context.tsx';
import type { BankIdApi } from './bankid-machine.ts';

const ordersPath = 'linktinker/app/bankid';

/**
 * SPEC section 7's BankID order calls. Silent: the dialog tells the person itself ("could not start", "action
 * cancelled"), and an error dialog every second while polling would be unusable.
 */
const silent = { silent: true } as const;
// Each start begins a new order at BankID, so the client's generic extra try is off: the machine's one retry
// (timings.bankIdStartRetries) is the only one, and it names the order it replaces. Two POSTs at most, not four.
const startOnce = { ...silent, extraTries: 0 } as const;

export function createBankIdApi(client: ApiClient): BankIdApi {
  const keyPath = (key: string) => `${ordersPath}/${encodeURIComponent(key)}`;
  return {
    start: (body) => client.post<StartBankIdResponse>(ordersPath, body, startOnce),
    refresh: (key) => client.get<BankIdRefreshResponse>(keyPath(key), silent),
    validate: (key) => client.post<ValidateBankIdResponse>(`${ordersPath}/validate`, { ClientAccessKey: key }, silent),
    cancel: (key) => client.post<void>(`${keyPath(key)}/cancel`, undefined, silent),
  };
}

/**
 * The organisation-number check (SPEC sections 5 and 7): its own start and validate calls, the latter asking the
 * registry whether the person may act for `orgNumber`; refresh and cancel are the same as for any order.
 */
export function createOrgNumberBankIdApi(client: ApiClient, orgNumber: string): BankIdApi {
  return {
    ...createBankIdApi(client),
    start: ({ ReplacesClientAccessKey }) =>
      client.post<StartBankIdResponse>(`${ordersPath}/orgnumber`, { ReplacesClientAccessKey }, startOnce),
    validate: (key) =>
      client.post<ValidateOrgNumberResponse>(
        `${ordersPath}/validate/orgnumber`,
        { ClientAccessKey: key, OrgNumber: orgNumber },
        silent,
      ),
  };
}

/** The calls for the dialog's order: an organisation-number check when `orgNumber` is given. */
export function useBankIdApi(orgNumber?: string): BankIdApi {
  const client = useApiClient();
  return useMemo(
    () => (orgNumber === undefined ? createBankIdApi(client) : createOrgNumberBankIdApi(client, orgNumber)),
    [client, orgNumber],
  );
}
