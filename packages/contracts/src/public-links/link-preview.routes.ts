import { defineRoute } from '../http/route-contract.ts';
import {
  ZLinkAccessPreviewRequest,
  ZLinkAccessPreviewResponse,
  ZLinkPreviewFileRequest,
  ZLinkPreviewParams,
  ZLinkPreviewResponse,
} from './link-preview.ts';

/** SPEC section 7 `GET links/{id}/preview` and `POST links/{id}/access/preview`: the owner's preview. */
const tags = ['public-links'];
const callers = ['session'] as const;

export const findLinkPreviewRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/links/:id/preview',
  tags,
  callers,
  summary: 'A template or public link as its recipient would see it: nothing saved, charged or recorded',
  params: ZLinkPreviewParams,
  responses: { 200: ZLinkPreviewResponse },
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});

export const accessLinkPreviewRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/access/preview',
  tags,
  callers,
  summary: "The preview's access: documents, rules and file addresses, read-only",
  params: ZLinkPreviewParams,
  body: ZLinkAccessPreviewRequest,
  responses: { 200: ZLinkAccessPreviewResponse },
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});

export const findLinkPreviewFileRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/access/preview/file',
  tags,
  callers,
  summary: "One of the preview's files as PDF bytes, by its Code (the preview's RequestToken, this session only)",
  params: ZLinkPreviewParams,
  body: ZLinkPreviewFileRequest,
  responses: { 200: null },
  file: true,
  // A token of another preview or session, or expired: ACCESS_FAILED (a 401 would log the owner out).
  errors: ['NOT_FOUND', 'FORBIDDEN', 'ACCESS_FAILED'],
});
