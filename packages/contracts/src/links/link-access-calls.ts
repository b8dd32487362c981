import { z } from 'zod';
import { ZRequestToken } from '../bankid/link-bankid.ts';

/** `POST linktinker/links/{id}/access/file`: one file of the link's document, as PDF bytes, by its `Code`. */
export const ZLinkFileRequest = z.object({
  RequestToken: ZRequestToken,
  /** The file's `Code` from the access response. */
  Code: z.string().min(1).max(64),
});

/** `POST linktinker/links/{linkID}/access/report` (SPEC section 3: the report access response holds Document.LinkName). */
export const ZLinkReportRequest = z.object({ RequestToken: ZRequestToken });
export const ZLinkReportResponse = z.object({ Document: z.object({ LinkName: z.string() }) });

/** `POST linktinker/links/{LinkId}/count` (SPEC section 7, stats count): a visit, counted without who made it. */
export const ZLinkCountRequest = z.object({
  LinkId: z.string().max(64).optional(),
  IsIe: z.boolean().default(false),
});

/** `GET linktinker/ip`: the address the server sees the caller at. */
export const ZClientIpResponse = z.object({ ip: z.string() });
