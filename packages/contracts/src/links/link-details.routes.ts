import { ZLinkIdParams } from '../bankid/link-bankid.ts';
import { defineRoute } from '../http/route-contract.ts';
import { ZLinkDetails } from './link-details.ts';
import { linkErrors } from './link-errors.ts';

/** The recipient page's first call (SPEC section 7, `GET links/{id}`): a guest holds only the link id. */
const tags = ['links'];
const callers = ['link-code'] as const;

export const findLinkDetailsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/links/:id',
  tags,
  callers,
  summary: 'Link details: the document, its owner and the gate (unknown: INVALID_LINK, withdrawn: LINK_RECALLED)',
  params: ZLinkIdParams,
  responses: { 200: ZLinkDetails },
  errors: [...linkErrors, 'RATE_LIMITED'],
});

export const findLinkLogoRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/links/:id/logo',
  tags,
  callers,
  summary: "The link owner's logo for the recipient page's header (none: NOT_FOUND)",
  params: ZLinkIdParams,
  responses: { 200: null },
  file: true,
  errors: [...linkErrors, 'NOT_FOUND', 'RATE_LIMITED'],
});
