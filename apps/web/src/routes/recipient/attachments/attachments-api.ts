import type { LinkAttachment } from '@signlink/contracts/links/link-attachments';
import type { ApiClient } from '../../../api/api-client.ts';
import { fileNameOfDisposition } from '../../../lib/save-blob.ts';

/**
 * A recipient's attachments (SPEC section 7, `links/{id}/attachments…`; issue 8, part 8). Silent: the panel says
 * what failed beside the list. Adding and removing are not repeated blindly (a retried add would attach twice).
 */
const silent = { silent: true, auth: 'client' } as const;

type Attachments = { Attachments: LinkAttachment[] };

export function createAttachmentsApi(client: ApiClient, linkId: string, requestToken: string) {
  const path = `linktinker/links/${encodeURIComponent(linkId)}/attachments`;
  return {
    load: () => client.post<Attachments>(`${path}/load`, { RequestToken: requestToken }, silent),
    /**
     * The PDF as the raw body, as the sender's upload sends it; the server judges the content. As bytes, as the
     * verify page sends them: a Blob of another realm (jsdom's) would go as "[object File]".
     */
    add: async (file: Blob, name: string) =>
      client.post<Attachments>(path, new Uint8Array(await file.arrayBuffer()), {
        ...silent,
        query: { RequestToken: requestToken, name },
        headers: { 'Content-Type': 'application/pdf' },
        extraTries: 0,
      }),
    remove: (pdfFileIndex: number) =>
      client.post<Attachments>(
        `${path}/delete`,
        { RequestToken: requestToken, PdfFileIndex: pdfFileIndex },
        { ...silent, extraTries: 0 },
      ),
    download: async (attachment: LinkAttachment) => {
      const response = await client.post<Response>(
        `${path}/download`,
        { RequestToken: requestToken, PdfFileIndex: attachment.PdfFileIndex },
        { ...silent, raw: true, headers: { Accept: 'application/pdf, application/json' } },
      );
      const fileName = fileNameOfDisposition(response.headers.get('content-disposition'));
      return { blob: await response.blob(), fileName: fileName ?? `${attachment.Title}.pdf` };
    },
  };
}
export type AttachmentsApi = ReturnType<typeof createAttachmentsApi>;
