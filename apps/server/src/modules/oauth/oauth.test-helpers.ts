import * as oauth from 'oauth4webapi';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { injectWithToken } from '../../../test/sign-in.ts';

export const appRedirectUri = 'https://app.example.com/callback';

/** A company's admin registers an app with one redirect URI; its client id and its secret, shown once. */
export async function registerApp(testApp: TestApp, adminToken: string, redirectUri = appRedirectUri) {
  const reply = await injectWithToken(testApp, adminToken, 'POST', '/v2/linktinker/app/api/platforms', {
    Name: 'Ledger Sync',
    RedirectUri: redirectUri,
  });
  expect(reply.statusCode, reply.body).toBe(201);
  const body = reply.json();
  return { clientId: body.ClientId as string, secret: body.ClientSecret as string, platform: body };
}

/** A PKCE pair made by the independent client library. */
export async function pkcePair() {
  const verifier = oauth.generateRandomCodeVerifier();
  return { verifier, challenge: await oauth.calculatePKCECodeChallenge(verifier) };
}

export interface ConsentInput {
  client_id: string;
  redirect_uri: string;
  account: string;
  allowed?: boolean;
  scope?: string;
  state?: string;
  code_challenge?: string;
  code_challenge_method?: string;
}

/** The signed-in user's answer on the consent screen, as the web app sends it. */
export function consent(testApp: TestApp, userToken: string, input: ConsentInput) {
  return injectWithToken(testApp, userToken, 'POST', '/v2/linktinker/app/api/oauth', {
    allowed: true,
    scope: 'documents:read',
    state: 'xyz',
    code_challenge_method: 'S256',
    ...input,
  });
}

/** Consents with a fresh PKCE pair and answers the redirect's code and the verifier. */
export async function consentForCode(testApp: TestApp, userToken: string, input: ConsentInput) {
  const { verifier, challenge } = await pkcePair();
  const reply = await consent(testApp, userToken, { code_challenge: challenge, ...input });
  expect(reply.statusCode, reply.body).toBe(200);
  const redirect = new URL(reply.json().RedirectUrl as string);
  return { redirect, code: redirect.searchParams.get('code') ?? '', verifier };
}

/** A form-encoded token request with client_secret_basic, as any RFC 6749 client sends it. */
export function postToken(testApp: TestApp, app: { clientId: string; secret: string }, form: Record<string, string>) {
  return testApp.app.inject({
    method: 'POST',
    url: '/v2/oauth/token',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${app.clientId}:${app.secret}`).toString('base64')}`,
    },
    payload: new URLSearchParams(form).toString(),
  });
}
