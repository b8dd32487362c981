import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signInSeededUser } from '../../../test/sign-in.ts';
import { appRedirectUri, consent, pkcePair, registerApp } from './oauth.test-helpers.ts';

/**
 * Issue 26, part 5, end to end with an independent client library (oauth4webapi) against the listening server:
 * register, consent, exchange the code with its PKCE verifier, call the API as the app, rotate the refresh token,
 * and see a reused refresh token end the grant.
 */
let testApp: TestApp;
let origin: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  origin = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(() => testApp?.close());

const insecure = { [oauth.allowInsecureRequests]: true };

async function callApi(accessToken: string, path: string) {
  return fetch(`${origin}/v2${path}`, { headers: { authorization: `Bearer ${accessToken}` } });
}

describe('an OAuth app acting for a user (authorisation code, PKCE, refresh rotation)', () => {
  it('gets tokens with the verifier, reads the documents of the chosen account, rotates and detects reuse', async () => {
    const owner = await signInSeededUser(testApp);
    const registered = await registerApp(testApp, owner.token);
    const user = await signInSeededUser(testApp);

    const as: oauth.AuthorizationServer = { issuer: origin, token_endpoint: `${origin}/v2/oauth/token` };
    const client: oauth.Client = { client_id: registered.clientId };
    const clientAuth = oauth.ClientSecretBasic(registered.secret);
    const { verifier, challenge } = await pkcePair();
    const state = oauth.generateRandomState();

    const info = await fetch(`${origin}/v2/linktinker/app/api/oauth/clients/${registered.clientId}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(await info.json()).toEqual({
      ClientId: registered.clientId,
      Name: 'Ledger Sync',
      CompanyName: `Company ${owner.accountId}`,
    });

    const answer = await consent(testApp, user.token, {
      client_id: registered.clientId,
      redirect_uri: appRedirectUri,
      account: user.accountId,
      scope: 'documents:read',
      state,
      code_challenge: challenge,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const callback = new URL(answer.json().RedirectUrl);
    expect(`${callback.origin}${callback.pathname}`).toBe(appRedirectUri);

    const params = oauth.validateAuthResponse(as, client, callback, state);
    const exchanged = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuth,
      params,
      appRedirectUri,
      verifier,
      insecure,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, exchanged);
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.expires_in).toBeGreaterThan(3500);
    expect(tokens.scope).toBe('documents:read');
    const firstRefresh = tokens.refresh_token ?? '';
    expect(firstRefresh).not.toBe('');

    // The app reads the user's documents, in the account chosen on the consent screen.
    const documents = await callApi(tokens.access_token, '/linktinker/errands');
    expect(documents.status).toBe(200);
    // A route that does not list integrations refuses it, and so does a write with a read scope.
    const grants = await callApi(tokens.access_token, '/linktinker/app/api/oauth/grants');
    expect(grants.status).toBe(403);
    expect(((await grants.json()) as { code: string }).code).toBe('API_CLIENT_NOT_ALLOWED');

    // The code is single use: a second exchange is invalid_grant.
    const again = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuth,
      params,
      appRedirectUri,
      verifier,
      insecure,
    );
    await expect(oauth.processAuthorizationCodeResponse(as, client, again)).rejects.toMatchObject({
      error: 'invalid_grant',
    });

    // That reuse of the code ended the grant (RFC 6749 section 4.1.2): consent again for the rotation part.
    expect((await callApi(tokens.access_token, '/linktinker/errands')).status).toBe(401);
    const second = await pkcePair();
    const reconsent = await consent(testApp, user.token, {
      client_id: registered.clientId,
      redirect_uri: appRedirectUri,
      account: user.accountId,
      state,
      code_challenge: second.challenge,
    });
    const params2 = oauth.validateAuthResponse(as, client, new URL(reconsent.json().RedirectUrl), state);
    const fresh = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(
        as,
        client,
        clientAuth,
        params2,
        appRedirectUri,
        second.verifier,
        insecure,
      ),
    );
    const refreshA = fresh.refresh_token ?? '';

    // Rotation: a refresh gives a new refresh token (client_secret_post this time) and a working access token.
    const postAuth = oauth.ClientSecretPost(registered.secret);
    const rotated = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, postAuth, refreshA, insecure),
    );
    const refreshB = rotated.refresh_token ?? '';
    expect(refreshB).not.toBe(refreshA);
    expect((await callApi(rotated.access_token, '/linktinker/errands')).status).toBe(200);

    // The old refresh token again: refused, and the whole grant ends, the new tokens with it.
    await expect(
      oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, clientAuth, refreshA, insecure),
      ),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await callApi(rotated.access_token, '/linktinker/errands')).status).toBe(401);
    await expect(
      oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, clientAuth, refreshB, insecure),
      ),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    const listed = await fetch(`${origin}/v2/linktinker/app/api/oauth/grants`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(((await listed.json()) as { Grants: unknown[] }).Grants).toEqual([]);
  });
});
