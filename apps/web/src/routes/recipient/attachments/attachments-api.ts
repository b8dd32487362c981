import type { LinkAttachment } from '@signlink/contracts/links/link-attachments';
import {
  addLinkAttachmentRoute,
  deleteLinkAttachmentRoute,
  downloadLinkAttachmentRoute,
  loadLinkAttachmentsRoute,
} from '@signlink/contracts/links/link-attachments.routes';
import type { ApiClient } from '../../../api/api-client.ts';
import { fileNameOfDisposition } from '../../../lib/save-blob.ts';

/**
 * A recipient's attachments (SPEC section 7, `links/{id}/attachments…`; issue 8, part 8). Silent: the panel says
 * what failed beside the list. Adding and removing are not repeated blindly (a retried add would attach twice).
 */
const silent = { silent: true, auth: 'client' } as const;

export function createAttachmentsApi(client: ApiClient, linkId: string, requestToken: string) {
  const params = { id: linkId };
  return {
    load: () => client.api(loadLinkAttachmentsRoute, { params, body: { RequestToken: requestToken } }, silent),
    /**
     * The PDF as the raw body, as the sender's upload sends it; the server judges the content. As bytes, as the
     * verify page sends them: a Blob of another realm (jsdom's) would go as "[object File]".
     */
    add: async (file: Blob, name: string) =>
      client.api(
        addLinkAttachmentRoute,
        {
          params,
          query: { RequestToken: requestToken, name },
          body: new Uint8Array(await file.arrayBuffer()),
        },
        { ...silent, headers: { 'Content-Type': 'application/pdf' }, extraTries: 0 },
      ),
    remove: (pdfFileIndex: number) =>
      client.api(
        deleteLinkAttachmentRoute,
        { params, body: { RequestToken: requestToken, PdfFileIndex: pdfFileIndex } },
        { ...silent, extraTries: 0 },
      ),
    download: async (attachment: LinkAttachment) => {
      const response = await client.api(
        downloadLinkAttachmentRoute,
        { params, body: { RequestToken: requestToken, PdfFileIndex: attachment.PdfFileIndex } },
        { ...silent, headers: { Accept: 'application/pdf, application/json' } },
      );
      const fileName = fileNameOfDisposition(response.headers.get('content-disposition'));
      return { blob: await response.blob(), fileName: fileName ?? `${attachment.Title}.pdf` };
    },
  };
}
export type AttachmentsApi = ReturnType<typeof createAttachmentsApi>;
