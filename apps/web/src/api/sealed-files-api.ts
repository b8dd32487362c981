import { fileNameOfDisposition } from '../lib/save-blob.ts';
import type { ApiClient } from './api-client.ts';
import { errandPath } from './errands-api.ts';

/** Issue 7, part 7: the sealed PDF and the audit trail alone, as `GET linktinker/errands/{id}/<kind>` serves them. */
export type SealedFileKind = 'sealed-pdf' | 'audit-trail';

export interface DownloadedFile {
  blob: Blob;
  /** From content-disposition; null when the server named none. */
  fileName: string | null;
}

export function createSealedFilesApi(client: ApiClient) {
  return {
    /** Silent: the screen says why it failed (DOCUMENT_NOT_SEALED) next to the button. Reading is safe to retry. */
    download: async (id: string, kind: SealedFileKind): Promise<DownloadedFile> => {
      const response = await client.get<Response>(`${errandPath(id)}/${kind}`, {
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
