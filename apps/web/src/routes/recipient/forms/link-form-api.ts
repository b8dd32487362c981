import type {
  FormSendResponse,
  SaveFormRequest,
  ShareFormRequest,
  SubmitFormRequest,
} from '@signlink/contracts/links/link-forms';
import {
  downloadLinkFormPdfRoute,
  findLinkFormRoute,
  findSubmittedFormPdfUrlRoute,
  saveLinkFormRoute,
  sendPendingFormReceiptRoute,
  shareLinkFormRoute,
  submitLinkFormRoute,
} from '@signlink/contracts/links/link-forms.routes';
import {
  sendLinkEmailValidationCodeRoute,
  sendLinkSmsValidationCodeRoute,
  validateLinkCodeRoute,
} from '@signlink/contracts/links/link-gate.routes';
import type { ApiClient } from '../../../api/api-client.ts';
import { fileNameOfDisposition } from '../../../lib/save-blob.ts';

export type FormSendResult = FormSendResponse;
export type FormRecipients = Pick<SubmitFormRequest, 'recipientaddresses' | 'recipientphonenumbers' | 'subject'>;
type Fixed = 'document' | 'requestToken' | 'formId';

const contactCodeRoutes = { sms: sendLinkSmsValidationCodeRoute, email: sendLinkEmailValidationCodeRoute } as const;

/**
 * The recipient's form calls (SPEC section 7 "Forms"; issue 8, part 7). Silent like the rest of the recipient's
 * calls: the form's dialogs say what went wrong. Sends are never repeated blindly (each one e-mails or texts).
 */
export function createLinkFormApi(
  client: ApiClient,
  input: { linkId: string; requestToken: string; document: string },
) {
  const { requestToken, document } = input;
  const params = { id: input.linkId };
  const quiet = { auth: 'client', silent: true } as const;
  const once = { ...quiet, extraTries: 0 } as const;
  return {
    load: async () => (await client.api(findLinkFormRoute, { params, query: { requestToken } }, quiet)).form,
    save: (body: Omit<SaveFormRequest, 'document' | 'requestToken'>) =>
      client.api(saveLinkFormRoute, { params, body: { ...body, document, requestToken } }, quiet),
    submit: (formId: string, body: Omit<SubmitFormRequest, Fixed>) =>
      client.api(submitLinkFormRoute, { params, body: { ...body, formId, document, requestToken } }, once),
    pendingReceipt: (formId: string, body: FormRecipients) =>
      client.api(sendPendingFormReceiptRoute, { params, body: { ...body, formId, document, requestToken } }, once),
    share: (formId: string, body: Omit<ShareFormRequest, Fixed>) =>
      client.api(shareLinkFormRoute, { params, body: { ...body, formId, document, requestToken } }, once),
    /** A code to the destination the person wants to share with, proving it is theirs (a contact of this link). */
    sendContactCode: (channel: 'sms' | 'email', value: string) =>
      client.api(contactCodeRoutes[channel], { params, body: { value, requestToken } }, once),
    validateCode: (code: string, clientAccessKey: string) =>
      client.api(validateLinkCodeRoute, { params, body: { Code: code, ClientAccessKey: clientAccessKey } }, once),
    /**
     * The submitted PDF: the address the server gives carries the file's own token, its credential; the file comes
     * through the client like any download.
     */
    downloadSubmittedPdf: async (formId: string) => {
      const { url } = await client.api(
        findSubmittedFormPdfUrlRoute,
        { params, body: { formId, document, requestToken } },
        quiet,
      );
      const token = new URL(url, 'http://localhost').searchParams.get('token') ?? '';
      const response = await client.api(
        downloadLinkFormPdfRoute,
        { params: { ...params, formId }, query: { token } },
        { ...quiet, headers: { Accept: 'application/pdf, application/json' } },
      );
      return {
        blob: await response.blob(),
        fileName: fileNameOfDisposition(response.headers.get('content-disposition')),
      };
    },
  };
}
export type LinkFormApi = ReturnType<typeof createLinkFormApi>;
