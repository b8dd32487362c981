import { z } from 'zod';
import { ZLinkId, ZRequestToken } from '../bankid/link-bankid.ts';

/** `POST linktinker/links/{id}/access/file`: one file of the link's document, as PDF bytes, by its `Code`. */
export const ZLinkFileRequest = z.object({
  RequestToken: ZRequestToken,
  /** The file's `Code` from the access response. */
  Code: z.string().min(1).max(64),
});
export type LinkFileRequest = z.input<typeof ZLinkFileRequest>;

/** `POST linktinker/links/{linkID}/access/report` (SPEC section 3: the report access response holds Document.LinkName). */
export const ZLinkReportRequest = z.object({ RequestToken: ZRequestToken });
export type LinkReportRequest = z.input<typeof ZLinkReportRequest>;
export const ZLinkReportResponse = z.object({ Document: z.object({ LinkName: z.string() }) });
export type LinkReportResponse = z.infer<typeof ZLinkReportResponse>;

/** `POST linktinker/links/{LinkId}/count` (SPEC section 7, stats count): a visit, counted without who made it. */
export const ZLinkCountRequest = z.object({
  LinkId: z.string().max(64).optional(),
  IsIe: z.boolean().default(false),
});
export type LinkCountRequest = z.input<typeof ZLinkCountRequest>;
/** The path's parameter is spelled `LinkId` here, as SPEC section 7 has it. */
export const ZLinkCountParams = z.object({ LinkId: ZLinkId });
export type LinkCountParams = z.input<typeof ZLinkCountParams>;

/** `GET linktinker/ip`: the address the server sees the caller at. */
export const ZClientIpResponse = z.object({ ip: z.string() });
export type ClientIpResponse = z.infer<typeof ZClientIpResponse>;
