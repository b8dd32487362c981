import { z } from 'zod';
import { ZLinkIdParams } from '../bankid/link-bankid.ts';
import { defineRoute } from '../http/route-contract.ts';
import { ZLinkAccessParams, ZLinkAccessRequest, ZLinkAccessResponse } from './link-access.ts';
import {
  ZClientIpResponse,
  ZLinkCountParams,
  ZLinkCountRequest,
  ZLinkFileRequest,
  ZLinkReportRequest,
  ZLinkReportResponse,
} from './link-access-calls.ts';
import { linkErrors, requestTokenErrors } from './link-errors.ts';

/** The recipient's access and the calls around it (SPEC section 7, recipient side). */
const tags = ['links'];

export const openLinkAccessRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:linkID/access',
  tags,
  callers: ['link-code'],
  summary: "Open the link: its gate's proof, then the document's files, the recipient's keys and a RequestToken",
  params: ZLinkAccessParams,
  body: ZLinkAccessRequest,
  responses: { 200: ZLinkAccessResponse },
  // A proof that is missing, used or of another gate is ACCESS_FAILED; a BankID gate's proof is its order, collected
  // once more if pending: unknown (NOT_FOUND), failed or cancelled (ACTION_CANCELLED), or BankID unreachable.
  errors: [
    ...linkErrors,
    'ACCESS_FAILED',
    'NOT_FOUND',
    'ACTION_CANCELLED',
    'BANKID_START_FAILED',
    'INVALID_PERSONAL_NUMBER',
    'RATE_LIMITED',
  ],
});

export const findLinkFileRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/access/file',
  tags,
  callers: ['request-token'],
  summary: "One of the document's files as PDF bytes, by its Code",
  params: ZLinkIdParams,
  body: ZLinkFileRequest,
  responses: { 200: null },
  file: true,
  errors: [...requestTokenErrors, 'NOT_FOUND'],
});

export const findLinkReportRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:linkID/access/report',
  tags,
  callers: ['request-token'],
  summary: "The document's name for the report view",
  params: ZLinkAccessParams,
  body: ZLinkReportRequest,
  responses: { 200: ZLinkReportResponse },
  errors: requestTokenErrors,
});

export const countLinkVisitRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:LinkId/count',
  tags,
  callers: ['link-code'],
  summary: 'Count a visit of the recipient page (no visitor data is kept)',
  params: ZLinkCountParams,
  body: ZLinkCountRequest,
  responses: { 204: z.null() },
  errors: ['INVALID_LINK', 'RATE_LIMITED'],
});

export const findClientIpRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/ip',
  tags,
  callers: ['public'],
  summary: 'The address the server sees the caller at',
  responses: { 200: ZClientIpResponse },
  errors: [],
});
