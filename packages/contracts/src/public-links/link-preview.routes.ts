import { defineRoute } from '../http/route-contract.ts';
import {
  ZLinkAccessPreviewRequest,
  ZLinkAccessPreviewResponse,
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
