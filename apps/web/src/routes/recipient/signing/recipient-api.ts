import {
  cancelLinkBankIdOrderRoute,
  refreshLinkBankIdOrderRoute,
  signLinkWithBankIdRoute,
  startLinkSignatureOrderRoute,
} from '@signlink/contracts/bankid/link-bankid.routes';
import type { LinkStatusResponse } from '@signlink/contracts/links/link-access';
import { findLinkFileRoute } from '@signlink/contracts/links/link-access.routes';
import {
  downloadLinkAuditTrailRoute,
  downloadLinkDocumentRoute,
  findLinkStatusRoute,
  signLinkWithInkRoute,
} from '@signlink/contracts/links/link-signing.routes';
import type { SignInkRequest, SlotFormValues } from '@signlink/contracts/links/sign-ink';
import { useMemo } from 'react';
import type { ApiClient } from '../../../api/api-client.ts';
import { useApiClient } from '../../../api/api-context.tsx';
import type { BankIdApi } from '../../../components/bankid/bankid-machine.ts';
import { fileNameOfDisposition } from '../../../lib/save-blob.ts';
import { preloadedCallKeys, takePreloadedCall } from '../preloaded-calls.ts';

export type LinkStatus = LinkStatusResponse;

/**
 * The recipient's calls after the gate (SPEC section 7, issue 8). All silent: the document view decides what to say
 * (SESSION_EXPIRED sends the person back through the gate; others open the catalogue message).
 */
const silent = { silent: true, auth: 'client' } as const;
const pdfAccept = { Accept: 'application/pdf, application/json' };

export function createRecipientApi(client: ApiClient, linkId: string, requestToken: string) {
  const params = { id: linkId };
  return {
    /** One file's PDF bytes, unless the entry asked for them already (preload-link.ts); reading is safe to retry. */
    fileBytes: async (code: string): Promise<ArrayBuffer> => {
      const preloaded = takePreloadedCall<ArrayBuffer>(preloadedCallKeys.file(requestToken, code));
      if (preloaded) return preloaded;
      const response = await client.api(
        findLinkFileRoute,
        { params, body: { RequestToken: requestToken, Code: code } },
        { ...silent, headers: pdfAccept },
      );
      return response.arrayBuffer();
    },
    /** Not repeated blindly by the client: the server records a retried signature once, but one try is enough. */
    signInk: (body: Omit<SignInkRequest, 'RequestToken'>) =>
      client.api(
        signLinkWithInkRoute,
        { params, body: { ...body, RequestToken: requestToken } },
        { ...silent, extraTries: 0 },
      ),
    status: () => client.api(findLinkStatusRoute, { params, query: { requestToken } }, silent),
    download: async () => {
      const response = await client.api(
        downloadLinkDocumentRoute,
        { params, query: { requestToken } },
        { ...silent, headers: pdfAccept },
      );
      return {
        blob: await response.blob(),
        fileName: fileNameOfDisposition(response.headers.get('content-disposition')),
      };
    },
    /** The completed document's audit trail, which every party may have. */
    downloadAuditTrail: async () => {
      const response = await client.api(
        downloadLinkAuditTrailRoute,
        { params, query: { requestToken } },
        { ...silent, headers: pdfAccept },
      );
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
  const params = { id: linkId };
  const orderParams = (key: string) => ({ id: linkId, clientAccessKey: key });
  return {
    // Each start begins an order at BankID: no blind extra try (the machine has its own one retry). Naming the slot
    // lets the server refuse a slot that is not this person's before they sign in the app.
    start: ({ ReplacesClientAccessKey }) =>
      client.api(
        startLinkSignatureOrderRoute,
        { params, body: { requestToken, ReplacesClientAccessKey, SignatureIndex: order.signatureIndex } },
        { ...silent, extraTries: 0 },
      ),
    refresh: (key) => client.api(refreshLinkBankIdOrderRoute, { params: orderParams(key) }, silent),
    // The server's signing contract: the slot's text, date and checkbox values are kept with the signature.
    validate: (key) =>
      client.api(
        signLinkWithBankIdRoute,
        {
          params,
          body: {
            ClientAccessKey: key,
            SignatureIndex: order.signatureIndex,
            AllowServerSubmit: true,
            TimeZoneOffsetMinutes: order.timeZoneOffsetMinutes,
            FormValues: order.formValues,
          },
        },
        silent,
      ),
    cancel: (key) => client.api(cancelLinkBankIdOrderRoute, { params: orderParams(key) }, silent),
  };
}
