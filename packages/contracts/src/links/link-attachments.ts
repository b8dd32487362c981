import { z } from 'zod';
import { ZRequestToken } from '../bankid/link-bankid.ts';

/**
 * A recipient's attachments (SPEC sections 3 and 7, Attachment: pdfFileIndex; issue 8, part 8). Adding one is
 * `POST linktinker/links/{id}/attachments?RequestToken=&name=` with the PDF as the raw body (`application/pdf` or
 * `application/octet-stream`, judged by content, checked as the sender's upload is: not encrypted, not restricted,
 * within MAX_UPLOAD_MB); `load` lists them and `delete` removes one of this link's own while the document is open and
 * this recipient has not signed. Indexes count up per document and are never reused.
 */
export const ZPdfFileIndex = z.number().int().min(0).max(10_000);
export type PdfFileIndex = z.infer<typeof ZPdfFileIndex>;

export const ZAttachmentUploadQuery = z.object({
  RequestToken: ZRequestToken,
  /** The file's name on the recipient's device; the title is it without `.pdf`. */
  name: z.string().trim().min(1).max(255).optional(),
});
export type AttachmentUploadQuery = z.input<typeof ZAttachmentUploadQuery>;

/**
 * The added PDF's bytes, the raw request body. The server reads them with its own content-type parser and judges the
 * content, so the schema checks nothing: a body of another type is UPLOAD_WRONG_TYPE from the route, not a schema's
 * VALIDATION_FAILED.
 */
export const ZAttachmentUploadBody = z.custom<Uint8Array>();
export type AttachmentUploadBody = z.infer<typeof ZAttachmentUploadBody>;

export const ZLoadAttachmentsRequest = z.object({ RequestToken: ZRequestToken });
export type LoadAttachmentsRequest = z.input<typeof ZLoadAttachmentsRequest>;
export const ZDeleteAttachmentRequest = z.object({ RequestToken: ZRequestToken, PdfFileIndex: ZPdfFileIndex });
export type DeleteAttachmentRequest = z.input<typeof ZDeleteAttachmentRequest>;

export const ZLinkAttachment = z.object({
  PdfFileIndex: ZPdfFileIndex,
  Title: z.string(),
  ByteSize: z.number().int(),
  PageCount: z.number().int(),
  /** Attached through this very link: only those can this recipient delete. */
  UploadedByMe: z.boolean(),
  CreatedAt: z.string(),
});
export type LinkAttachment = z.infer<typeof ZLinkAttachment>;

export const ZLinkAttachmentsResponse = z.object({ Attachments: z.array(ZLinkAttachment) });
export type LinkAttachmentsResponse = z.infer<typeof ZLinkAttachmentsResponse>;

/** `POST …/attachments/download`: one attachment's PDF bytes, any of this document's (the list shows them all). */
export const ZDownloadAttachmentRequest = z.object({ RequestToken: ZRequestToken, PdfFileIndex: ZPdfFileIndex });
export type DownloadAttachmentRequest = z.input<typeof ZDownloadAttachmentRequest>;
