import { z } from 'zod';
import { ZPdfFileIndex } from '../links/link-attachments.ts';

/**
 * The owner's view of the PDFs recipients attached (issue 8, part 8): `GET linktinker/errands/{id}/attachments`
 * lists them with who attached them, `GET …/attachments/{pdfFileIndex}` downloads one. Whoever may see the document
 * may see and download them; deleted ones are gone from both.
 */
export const ZDocumentAttachmentParams = z.object({
  id: z.string().min(1).max(64),
  pdfFileIndex: z.coerce.number().int().min(0).max(10_000),
});
export type DocumentAttachmentParams = z.infer<typeof ZDocumentAttachmentParams>;

export const ZDocumentAttachment = z.object({
  PdfFileIndex: ZPdfFileIndex,
  Title: z.string(),
  ByteSize: z.number().int(),
  PageCount: z.number().int(),
  Sha256: z.string(),
  CreatedAt: z.string(),
  /** The party whose link attached it; null for a link without a party. */
  PartyId: z.string().nullable(),
  PartyName: z.string().nullable(),
});
export type DocumentAttachment = z.infer<typeof ZDocumentAttachment>;

export const ZDocumentAttachmentsResponse = z.object({ Attachments: z.array(ZDocumentAttachment) });
export type DocumentAttachmentsResponse = z.infer<typeof ZDocumentAttachmentsResponse>;
