import { z } from 'zod';
import { ZRequestToken } from '../bankid/link-bankid.ts';
import { ZLinkAccessResponse } from '../links/link-access.ts';
import { ZLinkDetails, ZPublicLinkVisitRole } from '../links/link-details.ts';

/**
 * Previews (issue 24, part 4; SPEC section 3 "Link preview: linkPreviewID"): the owner sees a template or a public
 * link as a recipient would, at `/preview/{id}`. Nothing is saved, charged or written to the history.
 */
export const previewKinds = ['template', 'public-link'] as const;

export const ZLinkPreviewParams = z.object({ id: z.string().min(1).max(64) });
export type LinkPreviewParams = z.infer<typeof ZLinkPreviewParams>;

/** `GET links/{id}/preview`: the link details a recipient would get, and what is previewed. */
export const ZLinkPreviewResponse = ZLinkDetails.extend({
  Kind: z.enum(previewKinds),
  Roles: z.array(ZPublicLinkVisitRole),
}).meta({ id: 'LinkPreview' });
export type LinkPreviewResponse = z.infer<typeof ZLinkPreviewResponse>;

/**
 * `POST links/{id}/access/preview`: the access response a recipient of role `SignatureIndex` would get, with file
 * addresses a preview may read; the slots cannot be signed and forms cannot be saved with it.
 */
export const ZLinkAccessPreviewRequest = z.object({ SignatureIndex: z.number().int().min(0).max(49).optional() });
export type LinkAccessPreviewRequest = z.infer<typeof ZLinkAccessPreviewRequest>;

export const ZLinkAccessPreviewResponse = ZLinkAccessResponse;
export type LinkAccessPreviewResponse = z.infer<typeof ZLinkAccessPreviewResponse>;

/**
 * `POST links/{id}/access/preview/file`: one previewed file's bytes, for the preview's RequestToken (made for this
 * preview and this session; the recipient's routes refuse it, so a preview never signs or saves).
 */
export const ZLinkPreviewFileRequest = z.object({
  RequestToken: ZRequestToken,
  /** The file's `Code` from the preview's access response. */
  Code: z.string().min(1).max(64),
});
export type LinkPreviewFileRequest = z.infer<typeof ZLinkPreviewFileRequest>;
