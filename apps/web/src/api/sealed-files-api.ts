import { downloadAuditTrailRoute, downloadSealedPdfRoute } from '@signlink/contracts/documents/sealed-downloads.routes';
import { fileNameOfDisposition } from '../lib/save-blob.ts';
import type { ApiClient } from './api-client.ts';

/** Issue 7, part 7: the sealed PDF and the audit trail alone, as `GET linktinker/errands/{id}/<kind>` serves them. */
export type SealedFileKind = 'sealed-pdf' | 'audit-trail';

const routes = { 'sealed-pdf': downloadSealedPdfRoute, 'audit-trail': downloadAuditTrailRoute } as const;

export interface DownloadedFile {
  blob: Blob;
  /** From content-disposition; null when the server named none. */
  fileName: string | null;
}

export function createSealedFilesApi(client: ApiClient) {
  return {
    /** Silent: the screen says why it failed (DOCUMENT_NOT_SEALED) next to the button. Reading is safe to retry. */
    download: async (id: string, kind: SealedFileKind): Promise<DownloadedFile> => {
      const response = await client.api(
        routes[kind],
        { params: { id } },
        { silent: true, headers: { Accept: 'application/pdf, application/json' } },
      );
      return {
        blob: await response.blob(),
        fileName: fileNameOfDisposition(response.headers.get('content-disposition')),
      };
    },
  };
}
