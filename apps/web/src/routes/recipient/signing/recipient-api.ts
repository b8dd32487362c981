import type { BankIdRefreshResponse, StartBankIdResponse } from '@signlink/contracts/bankid/bankid-orders';
import type { ZLinkStatusResponse } from '@signlink/contracts/links/link-access';
import type {
  ZSignLinkBankIdRequest,
  ZSignLinkBankIdResponse,
  ZStartLinkSignatureRequest,
} from '@signlink/contracts/links/sign-bankid';
import type { SignInkRequest, SlotFormValues } from '@signlink/contracts/links/sign-ink';
import { useMemo } from 'react';
import type { z } from 'zod';
import type { ApiClient } from '../../../api/api-client.ts';
import { useApiClient } from '../../../api/api-context.tsx';
import type { BankIdApi } from '../../../components/bankid/bankid-machine.ts';
import { fileNameOfDisposition } from '../../../lib/save-blob.ts';

export type LinkStatus = z.infer<typeof ZLinkStatusResponse>;

/**
 * The recipient's calls after the gate (SPEC section 7, issue 8). All silent: the document view decides what to say
 * (SESSION_EXPIRED sends the person back through the gate; others open the catalogue message).
 */
const silent = { silent: true, auth: 'client' } as const;

export function createRecipientApi(client: ApiClient, linkId: string, requestToken: string) {
  const linkPath = `linktinker/links/${encodeURIComponent(linkId)}`;
  return {
    /** One file's PDF bytes; reading is safe to retry. */
    fileBytes: async (code: string): Promise<ArrayBuffer> => {
      const response = await client.post<Response>(
        `${linkPath}/access/file`,
        { RequestToken: requestToken, Code: code },
        { ...silent, raw: true, headers: { Accept: 'application/pdf, application/json' } },
      );
      return response.arrayBuffer();
    },
    /** Not repeated blindly by the client: the server records a retried signature once, but one try is enough. */
    signInk: (body: Omit<SignInkRequest, 'RequestToken'>) =>
      client.post<LinkStatus>(
        `${linkPath}/sign/ink`,
        { ...body, RequestToken: requestToken },
        { ...silent, extraTries: 0 },
      ),
    status: () => client.get<LinkStatus>(`${linkPath}/status`, { ...silent, query: { requestToken } }),
    download: async () => {
      const response = await client.get<Response>(`${linkPath}/download`, {
        ...silent,
        raw: true,
        query: { requestToken },
        headers: { Accept: 'application/pdf, application/json' },
      });
      return {
        blob: await response.blob(),
        fileName: fileNameOfDisposition(response.headers.get('content-disposition')),
      };
    },
  };
}
export type RecipientApi = ReturnType<typeof createRecipientApi>;

export function useRecipientApi(linkId: string, requestToken: string): RecipientApi {
  const client = useApiClient();
  return useMemo(() => createRecipientApi(client, linkId, requestToken), [client, linkId, requestToken]);
}

export interface LinkSignatureOrder {
  signatureIndex: number;
  timeZoneOffsetMinutes: number;
  formValues: SlotFormValues;
}

/**
 * The BankID dialog's four calls for signing a slot of the link (SPEC section 7, `links/{id}/validation/…bankid`):
 * the machine is the login dialog's, the order is the link's and names the slot.
 */
export function createLinkSigningBankIdApi(
  client: ApiClient,
  linkId: string,
  requestToken: string,
  order: LinkSignatureOrder,
): BankIdApi {
  const path = `linktinker/links/${encodeURIComponent(linkId)}`;
  const keyPath = (key: string) => `${path}/bankid/${encodeURIComponent(key)}`;
  return {
    // Each start begins an order at BankID: no blind extra try (the machine has its own one retry). Naming the slot
    // lets the server refuse a slot that is not this person's before they sign in the app.
    start: ({ ReplacesClientAccessKey }) => {
      const body: z.input<typeof ZStartLinkSignatureRequest> = {
        requestToken,
        ReplacesClientAccessKey,
        SignatureIndex: order.signatureIndex,
      };
      return client.post<StartBankIdResponse>(`${path}/validation/bankid`, body, { ...silent, extraTries: 0 });
    },
    refresh: (key) => client.get<BankIdRefreshResponse>(keyPath(key), silent),
    // The server's signing contract: the slot's text, date and checkbox values are kept with the signature.
    validate: (key) => {
      const body: z.input<typeof ZSignLinkBankIdRequest> = {
        ClientAccessKey: key,
        SignatureIndex: order.signatureIndex,
        AllowServerSubmit: true,
        TimeZoneOffsetMinutes: order.timeZoneOffsetMinutes,
        FormValues: order.formValues,
      };
      return client.post<z.infer<typeof ZSignLinkBankIdResponse>>(`${path}/validation/validate/bankid`, body, silent);
    },
    cancel: (key) => client.post<void>(`${keyPath(key)}/cancel`, undefined, silent),
  };
}
