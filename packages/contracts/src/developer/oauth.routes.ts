import { defineRoute } from '../http/route-contract.ts';
import {
  ZOAuthClientInfo,
  ZOAuthConsentRequest,
  ZOAuthConsentResponse,
  ZOAuthGrantIdParams,
  ZOAuthGrantsResponse,
  ZOAuthTokenRequest,
  ZOAuthTokenResponse,
  ZPlatformIdParams,
} from './oauth.ts';

/**
 * SPEC section 7 "Developer": the user's side of OAuth apps (issue 26, part 5), the consent screen `/oauth` and the
 * apps a user authorised; and the token endpoint the apps call.
 */
const tags = ['developer'];
const session = ['session'] as const;

export const findOAuthClientRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/api/oauth/clients/:id',
  tags,
  callers: session,
  summary: 'What the consent screen shows of an app: its name and owning company',
  params: ZPlatformIdParams,
  responses: { 200: ZOAuthClientInfo },
  errors: ['OAUTH_CLIENT_UNKNOWN'],
});

export const consentRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/api/oauth',
  tags,
  callers: session,
  summary:
    "The signed-in user's answer to an authorisation request: the app's redirect URL with a code (PKCE S256 " +
    'required) or with error=access_denied',
  body: ZOAuthConsentRequest,
  responses: { 200: ZOAuthConsentResponse },
  errors: [
    'OAUTH_CLIENT_UNKNOWN',
    'OAUTH_REDIRECT_URI_NOT_REGISTERED',
    'OAUTH_PKCE_REQUIRED',
    'OAUTH_SCOPE_INVALID',
    'FORBIDDEN',
  ],
});

export const listOAuthGrantsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/api/oauth/grants',
  tags,
  callers: session,
  summary: 'The apps the signed-in user authorised, for which account and scopes',
  responses: { 200: ZOAuthGrantsResponse },
  errors: [],
});

export const revokeOAuthGrantRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/api/oauth/grants/:id/revoke',
  tags,
  callers: session,
  summary: "Withdraws the user's consent: the app's tokens under it stop at once",
  params: ZOAuthGrantIdParams,
  responses: { 204: null },
  errors: ['NOT_FOUND'],
});

/**
 * Ours (RFC 6749 sections 4.1.3 and 6): the apps' token endpoint, form-encoded, the app authenticated by
 * client_secret_basic or client_secret_post. Its refusals are RFC 6749 section 5.2 errors (`{ error,
 * error_description }`: invalid_grant, invalid_client, …), not the catalogue's: the apps calling it are generic
 * OAuth clients that read only that shape. Every other route answers catalogue codes.
 */
export const oauthTokenRoute = defineRoute({
  method: 'POST',
  path: '/oauth/token',
  tags,
  callers: ['public'],
  summary: 'Exchanges an authorisation code (with its PKCE verifier) or a refresh token for tokens',
  body: ZOAuthTokenRequest,
  responses: { 200: ZOAuthTokenResponse },
  errors: [],
});
