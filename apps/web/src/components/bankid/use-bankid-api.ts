import {
  cancelBankIdOrderRoute,
  refreshBankIdOrderRoute,
  startBankIdOrderRoute,
  startOrgNumberBankIdOrderRoute,
  validateBankIdOrderRoute,
  validateOrgNumberBankIdOrderRoute,
} from '@signlink/contracts/bankid/bankid.routes';
import { type BankIdPurpose, bankIdPurposes } from '@signlink/contracts/bankid/bankid-orders';
import { useMemo } from 'react';
import type { ApiClient } from '../../api/api-client.ts';
import { useApiClient } from '../../api/api-context.tsx';
import type { BankIdApi, BankIdDialogPurpose } from './bankid-machine.ts';

/**
 * SPEC section 7's BankID order calls. Silent: the dialog tells the person itself ("could not start", "action
 * cancelled"), and an error dialog every second while polling would be unusable.
 */
const silent = { silent: true } as const;
// Each start begins a new order at BankID, so the client's generic extra try is off: the machine's one retry
// (timings.bankIdStartRetries) is the only one, and it names the order it replaces. Two POSTs at most, not four.
const startOnce = { ...silent, extraTries: 0 } as const;

/** These calls start login and registration orders; the other purposes have their own start (below, and the link's). */
function orderPurposeOf(purpose: BankIdDialogPurpose): BankIdPurpose {
  if (!(bankIdPurposes as readonly string[]).includes(purpose)) throw new Error(`no app order for ${purpose}`);
  return purpose as BankIdPurpose;
}

export function createBankIdApi(client: ApiClient): BankIdApi {
  const orderParams = (key: string) => ({ clientAccessKey: key });
  return {
    start: ({ Purpose, ReplacesClientAccessKey }) =>
      client.api(
        startBankIdOrderRoute,
        { body: { Purpose: orderPurposeOf(Purpose), ReplacesClientAccessKey } },
        startOnce,
      ),
    refresh: (key) => client.api(refreshBankIdOrderRoute, { params: orderParams(key) }, silent),
    validate: (key) => client.api(validateBankIdOrderRoute, { body: { ClientAccessKey: key } }, silent),
    cancel: (key) => client.api(cancelBankIdOrderRoute, { params: orderParams(key) }, silent),
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
      client.api(startOrgNumberBankIdOrderRoute, { body: { ReplacesClientAccessKey } }, startOnce),
    validate: (key) =>
      client.api(validateOrgNumberBankIdOrderRoute, { body: { ClientAccessKey: key, OrgNumber: orgNumber } }, silent),
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
