import type { OwnerFormSubmission, OwnerFormsResponse } from '@signlink/contracts/links/form-approval';
import { decideDocumentFormRoute, downloadDocumentFormPdfRoute } from '@signlink/contracts/links/form-approval.routes';
import type { FormApprovalRequest } from '@signlink/contracts/links/link-forms';
import { fileNameOfDisposition } from '../lib/save-blob.ts';
import type { ApiClient } from './api-client.ts';
import type { DownloadedFile } from './sealed-files-api.ts';

export type OwnerForms = OwnerFormsResponse;
export type { OwnerFormSubmission };
export type FormDecision = FormApprovalRequest['approvalValue'];

/** Issue 8, part 7, the sender's side of recipients' forms: decide on a pending one, download what was sent. */
export function createFormSubmissionsApi(client: ApiClient) {
  return {
    /** Final once made, and the submitter is told: never repeated blindly. */
    decide: (documentId: string, formId: string, approvalValue: FormDecision) =>
      client.api(
        decideDocumentFormRoute,
        { params: { id: documentId, formId }, body: { approvalValue } },
        { silent: true, extraTries: 0 },
      ),
    download: async (documentId: string, formId: string): Promise<DownloadedFile> => {
      const response = await client.api(
        downloadDocumentFormPdfRoute,
        { params: { id: documentId, formId } },
        { silent: true, headers: { Accept: 'application/pdf, application/json' } },
      );
      return {
        blob: await response.blob(),
        fileName: fileNameOfDisposition(response.headers.get('content-disposition')),
      };
    },
  };
}
