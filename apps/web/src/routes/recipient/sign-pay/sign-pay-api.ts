import { sendLinkEmailValidationCodeRoute, validateLinkCodeRoute } from '@signlink/contracts/links/link-gate.routes';
import type { SignPayRequest, SignPayStatusRequest } from '@signlink/contracts/sign-pay/sign-pay';
import {
  findSignPayDetailsRoute,
  findSignPayStatusRoute,
  listLinkPaymentsRoute,
  startSignPayRoute,
} from '@signlink/contracts/sign-pay/sign-pay.routes';
import { useMemo } from 'react';
import type { ApiClient } from '../../../api/api-client.ts';
import { useApiClient } from '../../../api/api-context.tsx';

/**
 * The paying party's calls (SPEC section 7, recipient payments), silent like the rest of the recipient's: the page
 * says what went wrong. Starting a checkout and sending a code are never repeated blindly.
 */
export function createSignPayApi(client: ApiClient, linkId: string, requestToken: string) {
  const params = { id: linkId };
  const quiet = { auth: 'client', silent: true } as const;
  const once = { ...quiet, extraTries: 0 } as const;
  return {
    payments: () => client.api(listLinkPaymentsRoute, { params, query: { requestToken } }, quiet),
    start: (body: Omit<SignPayRequest, 'RequestToken'>) =>
      client.api(startSignPayRoute, { params, body: { ...body, RequestToken: requestToken } }, once),
    status: (body: Omit<SignPayStatusRequest, 'RequestToken'>) =>
      client.api(findSignPayStatusRoute, { params, body: { ...body, RequestToken: requestToken } }, quiet),
    details: (paymentId: string) =>
      client.api(
        findSignPayDetailsRoute,
        { params, body: { RequestToken: requestToken, GetPaidPaymentId: paymentId } },
        quiet,
      ),
    /** The payer's e-mail address, proved as a contact of this link (the receipt goes there). */
    sendEmailCode: (value: string) =>
      client.api(sendLinkEmailValidationCodeRoute, { params, body: { value, requestToken } }, once),
    validateCode: (code: string, clientAccessKey: string) =>
      client.api(validateLinkCodeRoute, { params, body: { Code: code, ClientAccessKey: clientAccessKey } }, once),
  };
}
export type SignPayApi = ReturnType<typeof createSignPayApi>;

export function useSignPayApi(linkId: string, requestToken: string): SignPayApi {
  const client = useApiClient();
  return useMemo(() => createSignPayApi(client, linkId, requestToken), [client, linkId, requestToken]);
}
