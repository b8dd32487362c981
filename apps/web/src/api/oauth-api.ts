import type { OAuthConsentRequest } from '@signlink/contracts/developer/oauth';
import {
  consentRoute,
  findOAuthClientRoute,
  listOAuthGrantsRoute,
  revokeOAuthGrantRoute,
} from '@signlink/contracts/developer/oauth.routes';
import {
  addRedirectUriRoute,
  createPlatformRoute,
  listPlatformsRoute,
  revokePlatformRoute,
  revokeRedirectUriRoute,
  updateRedirectUriRoute,
} from '@signlink/contracts/developer/platforms.routes';
import { fillPath } from '@signlink/contracts/http/route-contract';
import type { ApiClient } from './api-client.ts';
import { useApiQuery } from './use-api-query.ts';

/**
 * OAuth apps (SPEC section 7 "Developer"; issue 26, part 5): a company's apps and their redirect URIs, the consent
 * screen's calls, and the apps a user authorised. Failures are the screen's to show (`silent`).
 */
export const platformsPath = fillPath(listPlatformsRoute.path, {});
export const oauthGrantsPath = fillPath(listOAuthGrantsRoute.path, {});

export function createOAuthApi(client: ApiClient) {
  const silent = { silent: true } as const;
  return {
    createPlatform: (body: { Name: string; RedirectUri?: string }) => client.api(createPlatformRoute, { body }, silent),
    addRedirectUri: (id: string, Uri: string) =>
      client.api(addRedirectUriRoute, { params: { id }, body: { Uri } }, silent),
    updateRedirectUri: (id: string, RedirectUriId: string, Uri: string) =>
      client.api(updateRedirectUriRoute, { params: { id }, body: { RedirectUriId, Uri } }, silent),
    revokeRedirectUri: (id: string, RedirectUriId: string) =>
      client.api(revokeRedirectUriRoute, { params: { id }, body: { RedirectUriId } }, silent),
    revokePlatform: (id: string) => client.api(revokePlatformRoute, { params: { id } }, silent),
    /** A code is made once: a retry after a lost answer would make a second, so none is tried again. */
    consent: (body: OAuthConsentRequest) => client.api(consentRoute, { body }, { silent: true, extraTries: 0 }),
    revokeGrant: (id: string) => client.api(revokeOAuthGrantRoute, { params: { id } }, silent),
  };
}

export function usePlatforms() {
  return useApiQuery(listPlatformsRoute, {}, { silent: true }, { retry: false });
}

export function useOAuthGrants() {
  return useApiQuery(listOAuthGrantsRoute, {}, { silent: true }, { retry: false });
}

export function useOAuthClient(clientId: string) {
  return useApiQuery(
    findOAuthClientRoute,
    { params: { id: clientId } },
    { silent: true },
    { enabled: clientId !== '', retry: false },
  );
}
