import { Writable } from 'node:stream';
import { roles } from '@signlink/contracts/auth/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { memberships } from '../../db/schema/accounts.ts';
import { oauthAuthorizationCodes, oauthGrants } from '../../db/schema/oauth.ts';
import { createLogger } from '../../plugins/request-log.ts';
import { appRedirectUri, consent, consentForCode, pkcePair, postToken, registerApp } from './oauth.test-helpers.ts';
import { hashOAuthSecret } from './oauth-secrets.ts';

/**
 * Issue 26's bad input for OAuth apps: each refused with a catalogue code on our routes, an RFC 6749 error on the
 * token endpoint, and logged without the secret, code or verifier that came.
 */
let testApp: TestApp;
const lines: string[] = [];
let owner: Awaited<ReturnType<typeof signInSeededUser>>;
let user: Awaited<ReturnType<typeof signInSeededUser>>;
let registered: Awaited<ReturnType<typeof registerApp>>;

beforeAll(async () => {
  const memory = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  testApp = await buildTestApp({ logger: createLogger({ level: 'info', pretty: false }, memory) });
  owner = await signInSeededUser(testApp);
  user = await signInSeededUser(testApp);
  registered = await registerApp(testApp, owner.token);
}, 60_000);
afterAll(() => testApp?.close());

const base = () => ({ client_id: registered.clientId, redirect_uri: appRedirectUri, account: user.accountId });
const exchange = (code: string, verifier: string, redirectUri = appRedirectUri) =>
  postToken(testApp, registered, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: redirectUri,
  });
const codeCount = async () => (await testApp.database.db.select().from(oauthAuthorizationCodes)).length;
const callErrands = (token: string) => injectWithToken(testApp, token, 'GET', '/v2/linktinker/errands');

describe('the consent call refuses a bad authorisation request with a catalogue code', () => {
  it.each([
    ['a trailing slash', `${appRedirectUri}/`],
    ['another case', appRedirectUri.replace('callback', 'Callback')],
    ['another host case', appRedirectUri.replace('app.example', 'APP.example')],
    ['an extra query', `${appRedirectUri}?next=/admin`],
  ])('a redirect URI with %s is not the registered one', async (_name, redirectUri) => {
    const { challenge } = await pkcePair();
    const before = await codeCount();
    const reply = await consent(testApp, user.token, {
      ...base(),
      redirect_uri: redirectUri,
      code_challenge: challenge,
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().code).toBe('OAUTH_REDIRECT_URI_NOT_REGISTERED');
    expect(await codeCount()).toBe(before);
  });

  it('requires PKCE, and S256: none, plain, or a malformed challenge are refused', async () => {
    const { challenge } = await pkcePair();
    for (const pkce of [
      {},
      { code_challenge: challenge, code_challenge_method: 'plain' },
      { code_challenge: 'short', code_challenge_method: 'S256' },
    ]) {
      const reply = await consent(testApp, user.token, { ...base(), code_challenge_method: undefined, ...pkce });
      expect(reply.json().code, JSON.stringify(pkce)).toBe('OAUTH_PKCE_REQUIRED');
    }
    expect(await codeCount()).toBe(0);
  });

  it('refuses an unknown app, an unknown scope, and an account the user is not a member of', async () => {
    const { challenge } = await pkcePair();
    const unknown = await consent(testApp, user.token, {
      ...base(),
      client_id: 'oap_nothing',
      code_challenge: challenge,
    });
    expect(unknown.json().code).toBe('OAUTH_CLIENT_UNKNOWN');
    const scope = await consent(testApp, user.token, { ...base(), scope: 'admin', code_challenge: challenge });
    expect(scope.json().code).toBe('OAUTH_SCOPE_INVALID');
    const account = await consent(testApp, user.token, {
      ...base(),
      account: owner.accountId,
      code_challenge: challenge,
    });
    expect(account.statusCode).toBe(403);
    expect(account.json().code).toBe('FORBIDDEN');
  });

  it('answers a refusal with error=access_denied and the state, and issues nothing', async () => {
    const reply = await consent(testApp, user.token, { ...base(), allowed: false, state: 'st-1' });
    const redirect = new URL(reply.json().RedirectUrl);
    expect(redirect.searchParams.get('error')).toBe('access_denied');
    expect(redirect.searchParams.get('state')).toBe('st-1');
    expect(redirect.searchParams.get('code')).toBeNull();
  });
});

describe('the token endpoint refuses with RFC 6749 errors', () => {
  it('refuses an expired code', async () => {
    const { code, verifier } = await consentForCode(testApp, user.token, base());
    await testApp.database.db
      .update(oauthAuthorizationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthAuthorizationCodes.codeHash, hashOAuthSecret(code)));
    const reply = await exchange(code, verifier);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a wrong verifier, and the code is spent by the try', async () => {
    const { code, verifier } = await consentForCode(testApp, user.token, base());
    const other = await pkcePair();
    expect((await exchange(code, other.verifier)).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await exchange(code, verifier)).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a code without its verifier, and a redirect URI other than the one the code was issued to', async () => {
    const first = await consentForCode(testApp, user.token, base());
    const noVerifier = await postToken(testApp, registered, {
      grant_type: 'authorization_code',
      code: first.code,
      redirect_uri: appRedirectUri,
    });
    expect(noVerifier.statusCode).toBe(400);
    expect(noVerifier.json()).toMatchObject({ error: 'invalid_grant' });
    const second = await consentForCode(testApp, user.token, base());
    expect((await exchange(second.code, second.verifier, `${appRedirectUri}/`)).json()).toMatchObject({
      error: 'invalid_request',
    });
  });

  it('refuses a wrong client secret (401 invalid_client) and an unsupported grant type', async () => {
    const { code, verifier } = await consentForCode(testApp, user.token, base());
    const wrong = await postToken(
      testApp,
      { ...registered, secret: 'sos_wrong' },
      { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: appRedirectUri },
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'invalid_client' });
    expect(wrong.headers['www-authenticate']).toContain('Basic');
    const password = await postToken(testApp, registered, { grant_type: 'password', username: 'a', password: 'b' });
    expect(password.json()).toMatchObject({ error: 'unauthorized_client' });
  });

  it('logs refusals by their RFC code, never the secret, code or verifier sent', async () => {
    const { code, verifier } = await consentForCode(testApp, user.token, base());
    await exchange(code, 'x'.repeat(43));
    const logged = lines.join('\n');
    expect(logged).toContain('invalid_grant');
    for (const secret of [registered.secret, code, verifier]) expect(logged).not.toContain(secret);
  });
});

describe('revoking stops the tokens at once', () => {
  it("the user's revoking the grant stops its access token and refresh token", async () => {
    const { code, verifier } = await consentForCode(testApp, user.token, base());
    const tokens = (await exchange(code, verifier)).json();
    expect((await callErrands(tokens.access_token)).statusCode).toBe(200);
    const grants = (await injectWithToken(testApp, user.token, 'GET', '/v2/linktinker/app/api/oauth/grants')).json();
    expect(grants.Grants).toHaveLength(1);
    expect(grants.Grants[0]).toMatchObject({
      ClientId: registered.clientId,
      AppName: 'Ledger Sync',
      Scopes: ['documents:read'],
    });
    // Not someone else's to revoke.
    const byOwner = await injectWithToken(
      testApp,
      owner.token,
      'POST',
      `/v2/linktinker/app/api/oauth/grants/${grants.Grants[0].Id}/revoke`,
    );
    expect(byOwner.statusCode).toBe(404);
    const revoked = await injectWithToken(
      testApp,
      user.token,
      'POST',
      `/v2/linktinker/app/api/oauth/grants/${grants.Grants[0].Id}/revoke`,
    );
    expect(revoked.statusCode).toBe(204);
    expect((await callErrands(tokens.access_token)).statusCode).toBe(401);
    const refresh = await postToken(testApp, registered, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refresh.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it("the owner's revoking the app stops every token of it, and the app is then unknown", async () => {
    const app = await registerApp(testApp, owner.token);
    const { code, verifier } = await consentForCode(testApp, user.token, { ...base(), client_id: app.clientId });
    const tokens = (
      await postToken(testApp, app, {
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        redirect_uri: appRedirectUri,
      })
    ).json();
    expect((await callErrands(tokens.access_token)).statusCode).toBe(200);
    const revoked = await injectWithToken(
      testApp,
      owner.token,
      'POST',
      `/v2/linktinker/app/api/platforms/${app.clientId}/revoke`,
    );
    expect(revoked.statusCode).toBe(204);
    expect((await callErrands(tokens.access_token)).statusCode).toBe(401);
    const { challenge } = await pkcePair();
    const again = await consent(testApp, user.token, { ...base(), client_id: app.clientId, code_challenge: challenge });
    expect(again.json().code).toBe('OAUTH_CLIENT_UNKNOWN');
    const refresh = await postToken(testApp, app, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(refresh.json()).toMatchObject({ error: 'invalid_client' });
    const grants = await testApp.database.db.select().from(oauthGrants).where(eq(oauthGrants.appId, app.clientId));
    expect(grants.every((grant) => grant.revokedAt !== null)).toBe(true);
  });
  it('a user who leaves the account takes the app with them: no calls, no refresh', async () => {
    const member = await signInSeededUser(testApp, { role: roles.regular, accountId: owner.accountId });
    const { code, verifier } = await consentForCode(testApp, member.token, { ...base(), account: owner.accountId });
    const tokens = (await exchange(code, verifier)).json();
    expect((await callErrands(tokens.access_token)).statusCode).toBe(200);
    await testApp.database.db.delete(memberships).where(eq(memberships.userId, member.userId));
    expect((await callErrands(tokens.access_token)).statusCode).toBe(401);
    const refresh = await postToken(testApp, registered, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refresh.json()).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('managing apps', () => {
  it('keeps redirect URIs exact: added, updated (the old one stops) and revoked', async () => {
    const app = await registerApp(testApp, owner.token);
    const path = (action: string) => `/v2/linktinker/app/api/platforms/${app.clientId}/${action}`;
    const added = await injectWithToken(testApp, owner.token, 'POST', path('addredirecturi'), {
      Uri: 'http://localhost:8080/cb',
    });
    expect(added.json().RedirectUris.map((uri: { Uri: string }) => uri.Uri)).toEqual([
      appRedirectUri,
      'http://localhost:8080/cb',
    ]);
    const refused = await injectWithToken(testApp, owner.token, 'POST', path('addredirecturi'), {
      Uri: 'http://evil.example/cb',
    });
    expect(refused.json().code).toBe('INVALID_URL');
    const first = added.json().RedirectUris[0].Id;
    const updated = await injectWithToken(testApp, owner.token, 'POST', path('updateredirecturi'), {
      RedirectUriId: first,
      Uri: 'https://app.example.com/v2/callback',
    });
    expect(updated.json().RedirectUris.map((uri: { Uri: string }) => uri.Uri)).toEqual([
      'http://localhost:8080/cb',
      'https://app.example.com/v2/callback',
    ]);
    const { challenge } = await pkcePair();
    const old = await consent(testApp, user.token, { ...base(), client_id: app.clientId, code_challenge: challenge });
    expect(old.json().code).toBe('OAUTH_REDIRECT_URI_NOT_REGISTERED');
    const second = updated.json().RedirectUris[0].Id;
    const revoked = await injectWithToken(testApp, owner.token, 'POST', path('revokeredirecturi'), {
      RedirectUriId: second,
    });
    expect(revoked.json().RedirectUris).toHaveLength(1);
    const listed = await injectWithToken(testApp, owner.token, 'GET', '/v2/linktinker/app/api/platforms');
    const platform = listed.json().Platforms.find((row: { ClientId: string }) => row.ClientId === app.clientId);
    expect(platform).not.toHaveProperty('ClientSecret');
    expect(platform.RedirectUris).toHaveLength(1);
  });

  it("refuses another account's app as NOT_FOUND and a non-administrator as FORBIDDEN", async () => {
    const stranger = await signInSeededUser(testApp);
    const foreign = await injectWithToken(
      testApp,
      stranger.token,
      'POST',
      `/v2/linktinker/app/api/platforms/${registered.clientId}/addredirecturi`,
      { Uri: 'https://stranger.example/cb' },
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NOT_FOUND');
    const regular = await signInSeededUser(testApp, { role: roles.regular, accountId: owner.accountId });
    const create = await injectWithToken(testApp, regular.token, 'POST', '/v2/linktinker/app/api/platforms', {
      Name: 'X',
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().code).toBe('FORBIDDEN');
  });
});
