import type {
  FormSubmission,
  SaveFormRequest,
  ShareFormRequest,
  SubmitFormRequest,
  ZFormSendResponse,
  ZLinkFormResponse,
  ZSubmittedPdfUrlResponse,
} from '@signlink/contracts/links/link-forms';
import type { ZLinkCodeResponse, ZLinkValidateCodeResponse } from '@signlink/contracts/links/link-gate';
import type { z } from 'zod';
import type { ApiClient } from '../../../api/api-client.ts';
import { fileNameOfDisposition } from '../../../lib/save-blob.ts';

export type FormSendResult = z.infer<typeof ZFormSendResponse>;
export type FormRecipients = Pick<SubmitFormRequest, 'recipientaddresses' | 'recipientphonenumbers' | 'subject'>;
type Fixed = 'document' | 'requestToken' | 'formId';

/**
 * The recipient's form calls (SPEC section 7 "Forms"; issue 8, part 7). Silent like the rest of the recipient's
 * calls: the form's dialogs say what went wrong. Sends are never repeated blindly (each one e-mails or texts).
 */
export function createLinkFormApi(
  client: ApiClient,
  input: { linkId: string; requestToken: string; document: string },
) {
  const { requestToken, document } = input;
  const path = `linktinker/links/${encodeURIComponent(input.linkId)}`;
  const quiet = { auth: 'client', silent: true } as const;
  const once = { ...quiet, extraTries: 0 } as const;
  return {
    load: async () =>
      (await client.get<z.infer<typeof ZLinkFormResponse>>(`${path}/forms`, { ...quiet, query: { requestToken } }))
        .form,
    save: (body: Omit<SaveFormRequest, 'document' | 'requestToken'>) =>
      client.post<FormSubmission>(`${path}/forms`, { ...body, document, requestToken }, quiet),
    submit: (formId: string, body: Omit<SubmitFormRequest, Fixed>) =>
      client.post<FormSendResult>(`${path}/forms/submit`, { ...body, formId, document, requestToken }, once),
    pendingReceipt: (formId: string, body: FormRecipients) =>
      client.post<FormSendResult>(
        `${path}/forms/pendingsubmissionreceipt`,
        { ...body, formId, document, requestToken },
        once,
      ),
    share: (formId: string, body: Omit<ShareFormRequest, Fixed>) =>
      client.post<FormSendResult>(`${path}/forms/share`, { ...body, formId, document, requestToken }, once),
    /** A code to the destination the person wants to share with, proving it is theirs (a contact of this link). */
    sendContactCode: (channel: 'sms' | 'email', value: string) =>
      client.post<z.infer<typeof ZLinkCodeResponse>>(`${path}/validation/${channel}`, { value, requestToken }, once),
    validateCode: (code: string, clientAccessKey: string) =>
      client.post<z.infer<typeof ZLinkValidateCodeResponse>>(
        `${path}/validation/validate`,
        { Code: code, ClientAccessKey: clientAccessKey },
        once,
      ),
    /** The submitted PDF: its address carries its own token; the file comes through the client like any download. */
    downloadSubmittedPdf: async (formId: string) => {
      const { url } = await client.post<z.infer<typeof ZSubmittedPdfUrlResponse>>(
        `${path}/forms/submittedpdfurl`,
        { formId, document, requestToken },
        quiet,
      );
      // The address is relative to the API's origin (`/v2/…`); the client's paths are relative to `/v2/`.
      const response = await client.get<Response>(url.replace(/^\/v2\//, ''), {
        ...quiet,
        raw: true,
        headers: { Accept: 'application/pdf, application/json' },
      });
      return {
        blob: await response.blob(),
        fileName: fileNameOfDisposition(response.headers.get('content-disposition')),
      };
    },
  };
}
export type LinkFormApi = ReturnType<typeof createLinkFormApi>;
