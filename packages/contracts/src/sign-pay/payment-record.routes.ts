import { z } from 'zod';
import { ZLinkIdParams } from '../bankid/link-bankid.ts';
import { ZDocumentIdParams } from '../documents/drafts.ts';
import { defineRoute } from '../http/route-contract.ts';
import { ZLinkRequestTokenQuery } from '../links/link-download.ts';
import { requestTokenErrors } from '../links/link-errors.ts';

/**
 * A Sign & Pay payment's sealed record (README "Sign & Pay records"), a PDF beside the sealed document. The sender's
 * side: whoever may see the document; the paying party's through their link. A payment of another document, or
 * another party's, is NOT_FOUND; before the record is made, DOCUMENT_NOT_SEALED.
 */
const tags = ['sign-pay'];
const ZPaymentId = z.string().min(1).max(64);

export const ZPaymentRecordParams = ZDocumentIdParams.extend({ paymentId: ZPaymentId });
export type PaymentRecordParams = z.infer<typeof ZPaymentRecordParams>;

export const downloadPaymentRecordRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/projects/:id/payments/:paymentId/record',
  tags,
  callers: ['session'],
  summary: "A paid Sign & Pay payment's sealed record, as a PDF",
  params: ZPaymentRecordParams,
  responses: { 200: null },
  file: true,
  errors: ['NOT_FOUND', 'FORBIDDEN', 'DOCUMENT_NOT_SEALED'],
});

export const ZLinkPaymentRecordQuery = ZLinkRequestTokenQuery.extend({ paymentId: ZPaymentId });
export type LinkPaymentRecordQuery = z.infer<typeof ZLinkPaymentRecordQuery>;

export const downloadLinkPaymentRecordRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/links/:id/payment/record',
  tags,
  callers: ['request-token'],
  summary: "The sealed record of the link party's own paid payment, as a PDF",
  params: ZLinkIdParams,
  query: ZLinkPaymentRecordQuery,
  responses: { 200: null },
  file: true,
  errors: [...requestTokenErrors, 'NOT_FOUND', 'DOCUMENT_NOT_SEALED'],
});
