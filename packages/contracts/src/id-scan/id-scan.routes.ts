import { z } from 'zod';
import { ZLinkIdParams } from '../bankid/link-bankid.ts';
import { defineRoute } from '../http/route-contract.ts';
import { ZLinkStatusResponse } from '../links/link-access.ts';
import { requestTokenErrors, slotSigningErrors } from '../links/link-errors.ts';
import {
  ZIdScanDocumentImageQuery,
  ZIdScanImageBody,
  ZIdScanImageQuery,
  ZIdScanParams,
  ZIdScanRequest,
  ZIdScanState,
  ZIdScanStateQuery,
  ZIdScanWebhookBody,
  ZIdScanWebhookResponse,
  ZSignIdLiveRequest,
  ZSignInkWithIdRequest,
  ZStartIdScanRequest,
} from './id-scan.ts';

/** The ID-scan calls of SPEC section 7 (issue 27); `id-scan.ts` tells the flow. */
const tags = ['id-scan'];
const callers = ['request-token'] as const;

/**
 * Any scan call: the link's refusals, the document's end, a slot that is not this recipient's or not an ID-scan slot
 * (SIGNATURE_METHOD_UNAVAILABLE), a scan of another link or already over (NOT_FOUND), and no vendor configured.
 */
const scanErrors = [
  ...requestTokenErrors,
  'NOT_FOUND',
  'FORBIDDEN',
  'SIGNATURE_METHOD_UNAVAILABLE',
  'DOCUMENT_WITHDRAWN',
  'DOCUMENT_COMPLETED',
  'DOCUMENT_NOT_OPEN',
  'DOCUMENT_SAVE_FAILED',
  'SERVICE_UNAVAILABLE',
] as const;

/** An image: judged by its bytes and size; the vendor may still find it unreadable. */
const imageErrors = [...scanErrors, 'UPLOAD_WRONG_TYPE', 'FILE_TOO_LARGE', 'SCAN_UNREADABLE'] as const;

export const startIdScanRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/idscan/live/init',
  tags,
  callers,
  summary: 'Start an ID scan for one of the link’s type 5 or 6 slots, with the recipient’s biometric consent',
  params: ZLinkIdParams,
  body: ZStartIdScanRequest,
  responses: { 200: ZIdScanState },
  errors: scanErrors,
});

export const addIdScanDocumentImageRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/idscan/processimages',
  tags,
  callers,
  summary: 'One side of the identity document, the raw JPEG or PNG as the body; a driving licence is refused',
  params: ZLinkIdParams,
  query: ZIdScanDocumentImageQuery,
  body: ZIdScanImageBody,
  responses: { 200: ZIdScanState },
  errors: [...imageErrors, 'SCAN_WRONG_TYPE'],
});

export const addIdScanFaceImageRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/idscan/live/validate',
  tags,
  callers,
  summary: 'The live face capture of a type 6 scan, the raw JPEG or PNG as the body',
  params: ZLinkIdParams,
  query: ZIdScanImageQuery,
  body: ZIdScanImageBody,
  responses: { 200: ZIdScanState },
  errors: imageErrors,
});

export const applyIdScanRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/idscan/apply',
  tags,
  callers,
  summary: 'Every image is in: start the vendor’s check of the document (and, for type 6, the face)',
  params: ZLinkIdParams,
  body: ZIdScanRequest,
  responses: { 200: ZIdScanState },
  errors: [...scanErrors, 'MANDATORY_FIELDS_MISSING'],
});

export const findIdScanRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/links/:id/idscan/:scanId',
  tags,
  callers,
  summary: 'An ID scan’s state, polled while the vendor checks it',
  params: ZIdScanParams,
  query: ZIdScanStateQuery,
  responses: { 200: ZIdScanState },
  errors: [...requestTokenErrors, 'NOT_FOUND'],
});

export const removeIdScanRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/idscan/remove',
  tags,
  callers,
  summary: 'End an ID scan not yet used to sign: it and its images are deleted here and at the vendor',
  params: ZLinkIdParams,
  body: ZIdScanRequest,
  responses: { 200: ZIdScanState },
  errors: [...requestTokenErrors, 'NOT_FOUND'],
});

/** Signing with a scan: the slot's rules, and a scan of this slot that passed and signed nothing yet. */
const scanSigningErrors = [...slotSigningErrors, 'ID_SCAN_REQUIRED', 'SERVICE_UNAVAILABLE'] as const;

export const signLinkWithIdLiveRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/sign/id/live',
  tags,
  callers,
  summary: 'Sign a type 6 slot with a passed ID scan and live check',
  params: ZLinkIdParams,
  body: ZSignIdLiveRequest,
  responses: { 200: ZLinkStatusResponse },
  errors: scanSigningErrors,
});

export const signLinkWithInkAndIdRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/sign/ink/id',
  tags,
  callers,
  summary: 'Sign a type 5 slot with a drawn or typed signature and a passed ID scan',
  params: ZLinkIdParams,
  body: ZSignInkWithIdRequest,
  responses: { 200: ZLinkStatusResponse },
  errors: scanSigningErrors,
});

export const receiveIdScanWebhookRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/idscan/onfido/webhook',
  tags: ['webhooks'],
  // The identity-verification vendor, its X-SHA2-Signature checked over the raw body before anything is read.
  callers: ['provider'],
  summary: 'The identity-verification vendor’s events about checks; a completed check settles its scan once',
  headers: z.object({ 'x-sha2-signature': z.string().optional() }),
  body: ZIdScanWebhookBody,
  responses: { 200: ZIdScanWebhookResponse },
  errors: ['WEBHOOK_SIGNATURE_INVALID'],
});
