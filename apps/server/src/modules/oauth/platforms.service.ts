import { type OAuthPlatform, oauthAppIdPrefix } from '@signlink/contracts/developer/oauth';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { newId } from '../../lib/ids.ts';
import { authorizeIntegrations } from '../document-core/account.policy.ts';
import {
  findAccountApp,
  findLiveRedirectUri,
  insertApp,
  insertRedirectUri,
  listAccountApps,
  listLiveRedirectUris,
  replaceRedirectUri,
  revokeAppWithGrants,
  revokeRedirectUriRow,
} from './oauth-apps.repository.ts';
import { hashOAuthSecret, newOAuthSecret } from './oauth-secrets.ts';

/**
 * A redirect URI an app may register: absolute, no fragment (RFC 6749 section 3.1.2), https, or http to the
 * machine itself for native apps (RFC 8252 section 7.3). Kept as sent: matching is exact.
 */
export function isRegistrableRedirectUri(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (value.includes('#') || url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

interface Deps {
  db: Database;
}

type AppRow = NonNullable<Awaited<ReturnType<typeof findAccountApp>>>;
type UriRow = Awaited<ReturnType<typeof listLiveRedirectUris>>[number];

function requireRegistrable(uri: string) {
  if (!isRegistrableRedirectUri(uri)) throw new AppError('INVALID_URL', { details: { field: 'redirect-uri' } });
}

function present(app: AppRow, uris: UriRow[]): OAuthPlatform {
  return {
    ClientId: app.id,
    Name: app.name,
    Created: app.createdAt.toISOString(),
    RedirectUris: uris
      .filter((uri) => uri.appId === app.id)
      .map((uri) => ({ Id: uri.id, Uri: uri.uri, Created: uri.createdAt.toISOString() })),
  };
}

async function ownApp(deps: Deps, actor: Actor, appId: string) {
  authorizeIntegrations(actor);
  const app = await findAccountApp(deps.db, actor.accountId, appId);
  if (!app) throw new AppError('NOT_FOUND', { details: { resource: 'oauth-app' } });
  return app;
}

async function presentOne(deps: Deps, app: AppRow) {
  return present(app, await listLiveRedirectUris(deps.db, [app.id]));
}

export async function listPlatforms(deps: Deps, actor: Actor) {
  authorizeIntegrations(actor);
  const apps = await listAccountApps(deps.db, actor.accountId);
  const uris = await listLiveRedirectUris(
    deps.db,
    apps.map((app) => app.id),
  );
  return { Platforms: apps.map((app) => present(app, uris)) };
}

export async function createPlatform(
  deps: Deps,
  actor: Actor,
  input: { Name: string; RedirectUri?: string | undefined },
) {
  authorizeIntegrations(actor);
  if (input.RedirectUri !== undefined) requireRegistrable(input.RedirectUri);
  const secret = newOAuthSecret();
  const app = await insertApp(
    deps.db,
    {
      id: newId(oauthAppIdPrefix),
      accountId: actor.accountId,
      createdBy: actor.userId,
      name: input.Name,
      secretHash: hashOAuthSecret(secret),
    },
    input.RedirectUri,
  );
  return { ...(await presentOne(deps, app)), ClientSecret: secret };
}

export async function addRedirectUri(deps: Deps, actor: Actor, appId: string, uri: string) {
  const app = await ownApp(deps, actor, appId);
  requireRegistrable(uri);
  const live = await listLiveRedirectUris(deps.db, [app.id]);
  // Registering one twice would make revoking it a riddle: the second stays live.
  if (!live.some((row) => row.uri === uri)) await insertRedirectUri(deps.db, app.id, uri);
  return presentOne(deps, app);
}

async function liveUriOf(deps: Deps, appId: string, uriId: string) {
  const row = await findLiveRedirectUri(deps.db, appId, uriId);
  if (!row) throw new AppError('NOT_FOUND', { details: { resource: 'redirect-uri' } });
  return row;
}

/** Codes issued to the old address stop with it: the token request must name the address the code was for. */
export async function updateRedirectUri(
  deps: Deps,
  actor: Actor,
  appId: string,
  input: { RedirectUriId: string; Uri: string },
) {
  const app = await ownApp(deps, actor, appId);
  const old = await liveUriOf(deps, app.id, input.RedirectUriId);
  requireRegistrable(input.Uri);
  await replaceRedirectUri(deps.db, { appId: app.id, oldId: old.id, uri: input.Uri });
  return presentOne(deps, app);
}

export async function revokeRedirectUri(deps: Deps, actor: Actor, appId: string, uriId: string) {
  const app = await ownApp(deps, actor, appId);
  const old = await liveUriOf(deps, app.id, uriId);
  await revokeRedirectUriRow(deps.db, old.id);
  return presentOne(deps, app);
}

/** The owner stops the app: every user's grant of it, and every token under them, ends at once. */
export async function revokePlatform(deps: Deps, actor: Actor, appId: string) {
  const app = await ownApp(deps, actor, appId);
  await revokeAppWithGrants(deps.db, app.id, new Date());
}
