import {
  confirmBulkSendRoute,
  findBulkSendRoute,
  previewBulkSendRoute,
} from '@signlink/contracts/bulk-send/bulk-send.routes';
import type { ApiClient } from '../../api/api-client.ts';

export type { BulkSendPreview, BulkSendProgress } from '@signlink/contracts/bulk-send/bulk-send';

/** Bulk send's calls (issue 24, part 7); silent: the dialog shows the catalogue's reason where it failed. */
export function createBulkSendApi(client: ApiClient) {
  return {
    /** Makes a bulk send to confirm: asked once per chosen file, never repeated on its own. */
    preview: (templateId: string, csv: string) =>
      client.api(
        previewBulkSendRoute,
        { params: { id: templateId }, body: { Csv: csv } },
        { silent: true, extraTries: 0 },
      ),
    /** Queues the sending: the server answers a second confirmation with the progress, so a retry is harmless. */
    confirm: (bulkSendId: string) =>
      client.api(confirmBulkSendRoute, { params: { id: bulkSendId } }, { silent: true, extraTries: 0 }),
    progress: (bulkSendId: string) => client.api(findBulkSendRoute, { params: { id: bulkSendId } }, { silent: true }),
  };
}

export type BulkSendApi = ReturnType<typeof createBulkSendApi>;
