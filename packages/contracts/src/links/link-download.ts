import { z } from 'zod';
import { ZRequestToken } from '../bankid/link-bankid.ts';

/** `GET linktinker/links/{id}/status?requestToken=` and `GET …/download?requestToken=`: the token in the query. */
export const ZLinkRequestTokenQuery = z.object({ requestToken: ZRequestToken });
export type LinkRequestTokenQuery = z.input<typeof ZLinkRequestTokenQuery>;

/**
 * SPEC section 7, "Link PDF download by link code returns downloadUrl": `POST linktinker/links/{id}/download` answers
 * with the address of the file itself, which a plain `<a href>` or the old-browser page opens. The file is the sealed
 * PDF once sealed, before that the document as sent, and only when the document allows downloading.
 */
export const ZLinkDownloadRequest = z.object({ RequestToken: ZRequestToken });
export type LinkDownloadRequest = z.input<typeof ZLinkDownloadRequest>;
export const ZLinkDownloadResponse = z.object({
  /** Relative to the API base (`/v2/…`), carrying the RequestToken; valid as long as the token is. */
  downloadUrl: z.string(),
  /** Whether the file is the sealed PDF or the document as sent, unsigned. */
  sealed: z.boolean(),
});
export type LinkDownloadResponse = z.infer<typeof ZLinkDownloadResponse>;
