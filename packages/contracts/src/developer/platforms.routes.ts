import { defineRoute } from '../http/route-contract.ts';
import {
  ZAddRedirectUriRequest,
  ZCreatedPlatform,
  ZCreatePlatformRequest,
  ZOAuthPlatform,
  ZOAuthPlatformsResponse,
  ZPlatformIdParams,
  ZRevokeRedirectUriRequest,
  ZUpdateRedirectUriRequest,
} from './oauth.ts';

/**
 * SPEC section 7 "Developer": a company's OAuth apps ("platforms") and their exact redirect URIs (issue 26, part 5).
 * The company's administrators manage them; another account's app is NOT_FOUND.
 */
const tags = ['developer'];
const session = ['session'] as const;

export const listPlatformsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/api/platforms',
  tags,
  callers: session,
  summary: "The company's OAuth apps with their live redirect URIs",
  responses: { 200: ZOAuthPlatformsResponse },
  errors: ['FORBIDDEN'],
});

/** Ours: SPEC lists no call that makes an app; named as the others on the same path are. */
export const createPlatformRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/api/platforms',
  tags,
  callers: session,
  summary: 'Registers an OAuth app: its client id, and its secret shown this once',
  body: ZCreatePlatformRequest,
  responses: { 201: ZCreatedPlatform },
  errors: ['FORBIDDEN', 'INVALID_URL'],
});

export const addRedirectUriRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/api/platforms/:id/addredirecturi',
  tags,
  callers: session,
  summary: 'Registers another exact redirect URI for the app',
  params: ZPlatformIdParams,
  body: ZAddRedirectUriRequest,
  responses: { 200: ZOAuthPlatform },
  errors: ['FORBIDDEN', 'NOT_FOUND', 'INVALID_URL'],
});

export const updateRedirectUriRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/api/platforms/:id/updateredirecturi',
  tags,
  callers: session,
  summary: 'Replaces one of the app’s redirect URIs (codes already issued to the old one stop working)',
  params: ZPlatformIdParams,
  body: ZUpdateRedirectUriRequest,
  responses: { 200: ZOAuthPlatform },
  errors: ['FORBIDDEN', 'NOT_FOUND', 'INVALID_URL'],
});

export const revokeRedirectUriRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/api/platforms/:id/revokeredirecturi',
  tags,
  callers: session,
  summary: 'Revokes one of the app’s redirect URIs',
  params: ZPlatformIdParams,
  body: ZRevokeRedirectUriRequest,
  responses: { 200: ZOAuthPlatform },
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});

/** Ours: the owner's way to stop an app, and with it every grant and token users gave it. */
export const revokePlatformRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/api/platforms/:id/revoke',
  tags,
  callers: session,
  summary: 'Revokes the app: every grant, code and token of it stops at once',
  params: ZPlatformIdParams,
  responses: { 204: null },
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});
