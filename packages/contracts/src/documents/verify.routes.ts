import { defineRoute } from '../http/route-contract.ts';
import { ZPdfUploadBody } from './drafts.ts';
import { ZVerificationResult } from './verification.ts';

/**
 * `POST /v2/linktinker/verify` (issue 7, part 6): public, like the page it serves. The PDF comes as multipart form
 * data (field `file`, what a plain HTML form sends) or as the raw body (application/pdf). Its body limit is the
 * server's, from MAX_UPLOAD_MB, which a contract cannot know.
 */
export const verifyDocumentRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/verify',
  tags: ['verification'],
  callers: ['public'],
  summary: 'Verify a PDF: its signatures, our seal, its timestamp, and the document we sealed it as',
  body: ZPdfUploadBody,
  responses: { 200: ZVerificationResult },
  // A file the PDF workers cannot read within their time and memory is answered as an upload's would be.
  errors: ['UPLOAD_WRONG_TYPE', 'FILE_TOO_LARGE', 'UPLOAD_DAMAGED', 'UPLOAD_TOO_COMPLEX'],
});
