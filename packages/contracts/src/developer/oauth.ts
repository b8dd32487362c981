import { z } from 'zod';
import type { ApiClientAccessLevel } from './api-clients.ts';

/**
 * OAuth apps (SPEC section 3 "Application (OAuth)"; issue 26, part 5): a company registers an app with exact redirect
 * URIs; a user of any account authorises it on `/oauth` to act for one of their accounts. Authorisation code flow,
 * PKCE S256 always, codes for a minute and once, refresh tokens that rotate.
 */
export const oauthScopes = ['documents:read', 'documents:write'] as const;
export type OAuthScope = (typeof oauthScopes)[number];

/** What a grant's scopes let the app do, as an API client's access level: writing needs `documents:write`. */
export function accessLevelOfScopes(scopes: readonly string[]): ApiClientAccessLevel {
  return scopes.includes('documents:write') ? 'full' : 'read';
}

export const isOAuthScope = (value: string): value is OAuthScope => (oauthScopes as readonly string[]).includes(value);

/** An app's client id starts `oap_`: told apart from an API client's `cli_` in a Basic header by its name alone. */
export const oauthAppIdPrefix = 'oap';

export const oauthTimings = {
  /** RFC 6749 section 4.1.2 recommends at most ten minutes; one is ample for a redirect and a back-channel call. */
  authorizationCodeSeconds: 60,
  /** DECISIONS, session length: an app's access token lives as long as a user's. */
  accessTokenSeconds: 60 * 60,
  refreshTokenDays: 30,
} as const;

export const oauthAppNameMaxLength = 80;
export const oauthRedirectUriMaxLength = 2000;

const ZRedirectUriText = z.string().trim().min(1).max(oauthRedirectUriMaxLength);

export const ZOAuthRedirectUri = z.object({ Id: z.string(), Uri: z.string(), Created: z.string() });

/** SPEC "Application (OAuth)": client id, redirect URIs with Id; the secret only in the answer that made it. */
export const ZOAuthPlatform = z.object({
  ClientId: z.string(),
  Name: z.string(),
  Created: z.string(),
  RedirectUris: z.array(ZOAuthRedirectUri),
});
export type OAuthPlatform = z.infer<typeof ZOAuthPlatform>;

export const ZOAuthPlatformsResponse = z.object({ Platforms: z.array(ZOAuthPlatform) });

export const ZCreatePlatformRequest = z.object({
  Name: z.string().trim().min(1).max(oauthAppNameMaxLength),
  RedirectUri: ZRedirectUriText.optional(),
});

export const ZCreatedPlatform = ZOAuthPlatform.extend({
  /** Shown this once: only its hash is kept. */
  ClientSecret: z.string(),
});

export const ZPlatformIdParams = z.object({ id: z.string().min(1) });
export const ZAddRedirectUriRequest = z.object({ Uri: ZRedirectUriText });
export const ZUpdateRedirectUriRequest = z.object({ RedirectUriId: z.string().min(1), Uri: ZRedirectUriText });
export const ZRevokeRedirectUriRequest = z.object({ RedirectUriId: z.string().min(1) });

/** What the consent screen shows of an app: its name and the company that owns it. */
export const ZOAuthClientInfo = z.object({ ClientId: z.string(), Name: z.string(), CompanyName: z.string() });

/** The signed-in user's answer on `/oauth`: the authorisation request's parameters as the app sent them. */
export const ZOAuthConsentRequest = z.object({
  client_id: z.string().min(1).max(200),
  redirect_uri: z.string().min(1).max(oauthRedirectUriMaxLength),
  scope: z.string().max(500).optional(),
  state: z.string().max(500).optional(),
  code_challenge: z.string().max(200).optional(),
  code_challenge_method: z.string().max(20).optional(),
  /** The account the app will act for: one the user is a member of. */
  account: z.string().min(1),
  /** false: the user said no; the app is told `access_denied`. */
  allowed: z.boolean(),
});
export type OAuthConsentRequest = z.infer<typeof ZOAuthConsentRequest>;

export const ZOAuthConsentResponse = z.object({ RedirectUrl: z.string() });

export const ZOAuthGrant = z.object({
  Id: z.string(),
  ClientId: z.string(),
  AppName: z.string(),
  CompanyName: z.string(),
  AccountId: z.string(),
  AccountName: z.string(),
  Scopes: z.array(z.string()),
  Created: z.string(),
});
export const ZOAuthGrantsResponse = z.object({ Grants: z.array(ZOAuthGrant) });
export const ZOAuthGrantIdParams = z.object({ id: z.string().min(1) });

/** RFC 6749 section 4.1.3 and 6, form-encoded; loose, because its errors must be RFC errors, not ours. */
export const ZOAuthTokenRequest = z
  .object({
    grant_type: z.string().optional(),
    code: z.string().optional(),
    redirect_uri: z.string().optional(),
    code_verifier: z.string().optional(),
    refresh_token: z.string().optional(),
    scope: z.string().optional(),
    client_id: z.string().optional(),
    client_secret: z.string().optional(),
  })
  .loose();

/** RFC 6749 section 5.1. */
export const ZOAuthTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
});

export type OAuthRedirectUri = z.infer<typeof ZOAuthRedirectUri>;
export type OAuthPlatformsResponse = z.infer<typeof ZOAuthPlatformsResponse>;
export type CreatePlatformRequest = z.infer<typeof ZCreatePlatformRequest>;
export type CreatedPlatform = z.infer<typeof ZCreatedPlatform>;
export type PlatformIdParams = z.infer<typeof ZPlatformIdParams>;
export type AddRedirectUriRequest = z.infer<typeof ZAddRedirectUriRequest>;
export type UpdateRedirectUriRequest = z.infer<typeof ZUpdateRedirectUriRequest>;
export type RevokeRedirectUriRequest = z.infer<typeof ZRevokeRedirectUriRequest>;
export type OAuthClientInfo = z.infer<typeof ZOAuthClientInfo>;
export type OAuthConsentResponse = z.infer<typeof ZOAuthConsentResponse>;
export type OAuthGrant = z.infer<typeof ZOAuthGrant>;
export type OAuthGrantsResponse = z.infer<typeof ZOAuthGrantsResponse>;
export type OAuthGrantIdParams = z.infer<typeof ZOAuthGrantIdParams>;
export type OAuthTokenRequest = z.infer<typeof ZOAuthTokenRequest>;
export type OAuthTokenResponse = z.infer<typeof ZOAuthTokenResponse>;
