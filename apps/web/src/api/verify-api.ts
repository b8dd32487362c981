import { downloadSealCaRoute } from '@signlink/contracts/documents/seal-ca.routes';
import { verifyDocumentRoute } from '@signlink/contracts/documents/verify.routes';
import { fillPath } from '@signlink/contracts/http/route-contract';
import type { ApiClient } from './api-client.ts';

/** `GET linktinker/verify/ca`: the CA behind our seals, a plain link (public, no token needed). */
export const sealCaPath = fillPath(downloadSealCaRoute.path, {});

/** Issue 7, part 6: anyone may ask whether a PDF is one we sealed, signed in or not. */
export function createVerifyApi(client: ApiClient) {
  return {
    /**
     * The PDF as the raw body, as the documents upload sends it; the server judges the content (UPLOAD_WRONG_TYPE).
     * With the web client's credentials: a stale token of a signed-out visitor must not log anyone out here.
     * Silent: the page says what failed next to the drop zone.
     */
    verify: async (file: Blob) =>
      // As bytes: every fetch sends those as they are, where a Blob of another realm (jsdom's) became "[object File]".
      client.api(
        verifyDocumentRoute,
        { body: new Uint8Array(await file.arrayBuffer()) },
        { auth: 'client', headers: { 'Content-Type': 'application/pdf' }, silent: true, extraTries: 0 },
      ),
  };
}
