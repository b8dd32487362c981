import { defineRoute } from '../http/route-contract.ts';
import { ZRecipientPageSettings, ZUpdateRecipientPageSettings } from './recipient-page-settings.ts';

/** The account's recipient page (issue 8, parts 2 and 11): consent message, privacy link and logo. */
const tags = ['accounts'];
const callers = ['session'] as const;

export const readRecipientPageSettingsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/account/recipientpage',
  tags,
  callers,
  summary: "What the account's recipients see: consent message, privacy link, whether there is a logo",
  responses: { 200: ZRecipientPageSettings },
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});

export const updateRecipientPageSettingsRoute = defineRoute({
  method: 'PUT',
  path: '/linktinker/app/account/recipientpage',
  tags,
  callers,
  summary: "Set the recipients' consent message and privacy link (administrators; empty clears)",
  body: ZUpdateRecipientPageSettings,
  responses: { 200: ZRecipientPageSettings },
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});

/**
 * The logo is the raw image body (no JSON, so no body schema): the server parses it in its plugin's scope only,
 * up to logoMaxBytes, and reads its type from the bytes.
 */
export const setAccountLogoRoute = defineRoute({
  method: 'PUT',
  path: '/linktinker/app/account/logo',
  tags,
  callers,
  summary: "Set the recipient page's logo: a PNG, JPEG or WebP as the raw body, at most 256 KB (administrators)",
  responses: { 200: ZRecipientPageSettings },
  errors: ['FORBIDDEN', 'NOT_FOUND', 'UPLOAD_WRONG_TYPE', 'FILE_TOO_LARGE'],
});

export const removeAccountLogoRoute = defineRoute({
  method: 'DELETE',
  path: '/linktinker/app/account/logo',
  tags,
  callers,
  summary: "Remove the recipient page's logo (administrators)",
  responses: { 200: ZRecipientPageSettings },
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});
