import type OAuth2Server from '@node-oauth/oauth2-server';
import { Request, Response } from '@node-oauth/oauth2-server';
import { isOAuthScope, type OAuthConsentRequest, oauthTimings } from '@signlink/contracts/developer/oauth';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { listUserAccounts } from '../auth/sessions.repository.ts';
import { findLiveApp, listLiveRedirectUris } from './oauth-apps.repository.ts';
import { saveGrant } from './oauth-grants.repository.ts';
import type { OAuthUser } from './oauth-model.ts';

interface Deps {
  db: Database;
  server: OAuth2Server;
}

/** RFC 7636 section 4.2: a S256 challenge is 43 base64url characters; the ABNF allows up to 128. */
const challengePattern = /^[A-Za-z0-9._~-]{43,128}$/;
/** RFC 6749 appendix A.5: state is visible ASCII. */
const statePattern = /^[\x20-\x7e]*$/;

/** The app, if it exists and the redirect URI is one of its live ones exactly: only then may we redirect at all. */
async function checkedApp(db: Database, input: OAuthConsentRequest) {
  const live = await findLiveApp(db, input.client_id);
  if (!live) throw new AppError('OAUTH_CLIENT_UNKNOWN', { details: { reason: 'no-such-app' } });
  const uris = await listLiveRedirectUris(db, [live.app.id]);
  if (!uris.some((row) => row.uri === input.redirect_uri)) {
    throw new AppError('OAUTH_REDIRECT_URI_NOT_REGISTERED', { details: { clientId: live.app.id } });
  }
  return live.app;
}

function scopesOf(scope: string | undefined): string[] {
  const scopes = (scope ?? 'documents:read').trim().split(/\s+/).filter(Boolean);
  if (scopes.length === 0 || !scopes.every(isOAuthScope)) {
    throw new AppError('OAUTH_SCOPE_INVALID', { details: { scope } });
  }
  return [...new Set(scopes)];
}

function denied(input: OAuthConsentRequest) {
  const url = new URL(input.redirect_uri);
  url.searchParams.set('error', 'access_denied');
  if (input.state) url.searchParams.set('state', input.state);
  return { RedirectUrl: url.toString() };
}

/**
 * The user's answer on `/oauth` (RFC 6749 section 4.1.1 and 4.1.2, RFC 7636). The request is checked here with
 * catalogue codes (the user sees them), then the library issues the code and builds the redirect.
 */
export async function answerAuthorisation(deps: Deps, actor: Actor, input: OAuthConsentRequest) {
  const app = await checkedApp(deps.db, input);
  if (input.state !== undefined && !statePattern.test(input.state)) {
    throw new AppError('VALIDATION_FAILED', { details: { issues: [{ path: 'body.state', message: 'not ASCII' }] } });
  }
  if (!input.allowed) return denied(input);
  if (input.code_challenge_method !== 'S256' || !challengePattern.test(input.code_challenge ?? '')) {
    throw new AppError('OAUTH_PKCE_REQUIRED', { details: { method: input.code_challenge_method ?? null } });
  }
  const scopes = scopesOf(input.scope);
  const held = await listUserAccounts(deps.db, actor.userId);
  if (!held.some((row) => row.account.id === input.account)) {
    throw new AppError('FORBIDDEN', { details: { reason: 'not-a-member-of-account' } });
  }
  const grantId = await saveGrant(deps.db, { appId: app.id, userId: actor.userId, accountId: input.account, scopes });
  const user: OAuthUser = { id: actor.userId, grantId, accountId: input.account, familyId: '' };
  const request = new Request({
    method: 'POST',
    headers: {},
    query: {},
    body: {
      response_type: 'code',
      client_id: app.id,
      redirect_uri: input.redirect_uri,
      scope: scopes.join(' '),
      state: input.state,
      code_challenge: input.code_challenge,
      code_challenge_method: 'S256',
    },
  });
  const response = new Response();
  await deps.server.authorize(request, response, {
    authenticateHandler: { handle: () => user },
    authorizationCodeLifetime: oauthTimings.authorizationCodeSeconds,
    allowEmptyState: true,
  });
  const location = response.get('location');
  if (typeof location !== 'string') throw new Error('authorise gave no redirect');
  return { RedirectUrl: location };
}
