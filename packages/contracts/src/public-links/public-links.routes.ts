import { z } from 'zod';
import { defineRoute } from '../http/route-contract.ts';
import { linkErrors } from '../links/link-errors.ts';
import { ZProjectIdResponse } from '../templates/templates.ts';
import {
  ZCreatePublicLinkRequest,
  ZDisablePublicLinkRequest,
  ZLinkSettingsResponse,
  ZPublicLink,
  ZPublicLinkIdParams,
  ZPublicLinksResponse,
  ZStartVisitRequest,
  ZStartVisitResponse,
  ZUpdatePublicLinkRequest,
} from './public-links.ts';

/** SPEC section 7 "Templates and public links": the public-link half, and `GET linktinker/links` / `settings/links`. */
const tags = ['public-links'];
const callers = ['session'] as const;
/** Integrations (API clients, OAuth apps) call these too, as the web app does (issue 26). */
const integrations = ['session', 'api-client'] as const;
const publicLinkErrors = ['NOT_FOUND', 'FORBIDDEN'] as const;

export const listPublicLinksRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/publiclinks',
  tags,
  callers,
  summary: "The caller's public links and the account's shared ones",
  responses: { 200: ZPublicLinksResponse },
  errors: ['FORBIDDEN'],
});

export const listOwnLinksRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/links',
  tags,
  callers: integrations,
  summary: "The caller's own public links (the share dialog's public-link choice)",
  responses: { 200: ZPublicLinksResponse },
  errors: ['FORBIDDEN'],
});

export const findLinkSettingsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/settings/links',
  tags,
  callers,
  summary: "Public links' settings: address base, QR scale, visit limits",
  responses: { 200: ZLinkSettingsResponse },
  errors: ['FORBIDDEN'],
});

export const createPublicLinkRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/publiclinks',
  tags,
  callers,
  summary: 'Publish a template as a public link',
  body: ZCreatePublicLinkRequest,
  responses: { 201: ZPublicLink },
  errors: [
    ...publicLinkErrors,
    'TEMPLATES_NEED_PLAN',
    'TEMPLATE_ROLE_EMPTY',
    'DOCUMENT_INVALID',
    'DOCUMENT_SAVE_FAILED',
  ],
});

export const updatePublicLinkRoute = defineRoute({
  method: 'PUT',
  path: '/linktinker/publiclinks/:id',
  tags,
  callers,
  summary: 'Rename a public link, change its gate or its fixed roles',
  params: ZPublicLinkIdParams,
  body: ZUpdatePublicLinkRequest,
  responses: { 200: ZPublicLink },
  errors: [...publicLinkErrors, 'TEMPLATE_ROLE_EMPTY', 'DOCUMENT_INVALID'],
});

export const deletePublicLinkRoute = defineRoute({
  method: 'DELETE',
  path: '/linktinker/publiclinks/:id',
  tags,
  callers,
  summary: 'Delete a public link (its submissions stay in the inbox)',
  params: ZPublicLinkIdParams,
  responses: { 204: z.null() },
  errors: publicLinkErrors,
});

export const disablePublicLinkRoute = defineRoute({
  method: 'PUT',
  path: '/linktinker/publiclinks/:id/disable',
  tags,
  callers,
  summary: 'Disable a public link (visitors get LINK_RECALLED) or enable it again',
  params: ZPublicLinkIdParams,
  body: ZDisablePublicLinkRequest,
  responses: { 200: ZPublicLink },
  errors: publicLinkErrors,
});

export const editPublicLinkRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/publiclinks/:id/edit',
  tags,
  callers,
  summary: "The public link's master document for the field editor",
  params: ZPublicLinkIdParams,
  responses: { 200: ZProjectIdResponse },
  errors: publicLinkErrors,
});

export const startPublicLinkVisitRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/publiclinks/:id/visits',
  tags: ['links'],
  callers: ['link-code'],
  summary:
    "A visitor starts a public link: their own document, charged to the owner (too low: RECIPIENT_INSUFFICIENT_BALANCE), and their link's code",
  params: ZPublicLinkIdParams,
  body: ZStartVisitRequest,
  responses: { 201: ZStartVisitResponse },
  errors: [
    ...linkErrors,
    'RECIPIENT_INSUFFICIENT_BALANCE',
    'TEMPLATE_ROLE_EMPTY',
    'DOCUMENT_INVALID',
    'RATE_LIMITED',
    // A master asking a party to pay (issue 25): the owner's Stripe account must be connected and the product usable.
    'PAYEE_NOT_CONNECTED',
    'PAYMENT_PRODUCT_REQUIRED',
    'PAYMENT_PRODUCT_USED',
  ],
});
