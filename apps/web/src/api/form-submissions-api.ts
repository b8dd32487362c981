import type { ZOwnerFormsResponse } from '@signlink/contracts/links/form-approval';
import type { ZFormSubmission } from '@signlink/contracts/links/link-forms';
import { fileNameOfDisposition } from '../lib/save-blob.ts';
import type { ApiClient } from './api-client.ts';
import type { Parsed } from './auth-api.ts';
import { errandPath } from './errands-api.ts';
import type { DownloadedFile } from './sealed-files-api.ts';

export type OwnerForms = Parsed<typeof ZOwnerFormsResponse>;
export type OwnerFormSubmission = OwnerForms['forms'][number];
export type FormDecision = 'approve' | 'deny';

/** Under the document's own path, so a change on the overview (which reloads `linktinker/errands…`) reloads it too. */
export const documentFormsPath = (documentId: string) => `${errandPath(documentId)}/forms`;
const formPath = (documentId: string, formId: string) =>
  `${documentFormsPath(documentId)}/${encodeURIComponent(formId)}`;

/** Issue 8, part 7, the sender's side of recipients' forms: decide on a pending one, download what was sent. */
export function createFormSubmissionsApi(client: ApiClient) {
  return {
    /** Final once made, and the submitter is told: never repeated blindly. */
    decide: (documentId: string, formId: string, approvalValue: FormDecision) =>
      client.post<Parsed<typeof ZFormSubmission>>(
        `${formPath(documentId, formId)}/approval`,
        { approvalValue },
        { silent: true, extraTries: 0 },
      ),
    download: async (documentId: string, formId: string): Promise<DownloadedFile> => {
      const response = await client.get<Response>(`${formPath(documentId, formId)}/pdf`, {
        raw: true,
        silent: true,
        headers: { Accept: 'application/pdf, application/json' },
      });
      return {
        blob: await response.blob(),
        fileName: fileNameOfDisposition(response.headers.get('content-disposition')),
      };
    },
  };
}
