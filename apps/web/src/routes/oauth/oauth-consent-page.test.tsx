import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStateFor, pathOf } from '../../../test/auth-fixtures.ts';
import { expectNoAxeViolations } from '../../../test/axe.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { type RecordedRequest, sendJson, startTestHttpServer } from '../../../test/test-http-server.ts';
import { authStorageKey } from '../../api/auth-store.ts';
import { externalNavigation } from '../../lib/leave-app.ts';
import { readReturnTo } from '../../lib/return-to.ts';

const slow = { timeout: 20_000 };
const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const query = new URLSearchParams({
  client_id: 'oap_ledger',
  redirect_uri: 'https://ledger.example/cb',
  scope: 'documents:read documents:write',
  state: 'st-9',
  code_challenge: challenge,
  code_challenge_method: 'S256',
}).toString();

/** /oauth over a real HTTP server answering the consent screen's two calls. */
async function open({ signedIn = true, clientKnown = true } = {}) {
  if (signedIn) localStorage.setItem(authStorageKey, 'token-1');
  const server = await startTestHttpServer((request, response) => {
    const path = pathOf(request.url);
    if (path === '/v2/user') return sendJson(response, 200, authStateFor());
    if (path === '/v2/linktinker/app/api/oauth/clients/oap_ledger') {
      if (!clientKnown) return sendJson(response, 404, { code: 'OAUTH_CLIENT_UNKNOWN', message: 'no', requestId: 'r' });
      return sendJson(response, 200, { ClientId: 'oap_ledger', Name: 'Ledger Sync', CompanyName: 'Books AB' });
    }
    if (path === '/v2/linktinker/app/api/oauth' && request.method === 'POST') {
      const body = JSON.parse(request.body);
      const redirect = body.allowed
        ? `${body.redirect_uri}?code=soc_1&state=${body.state}`
        : `${body.redirect_uri}?error=access_denied&state=${body.state}`;
      return sendJson(response, 200, { RedirectUrl: redirect });
    }
    sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no', requestId: 'r' });
  });
  renderAppAt(`#/oauth?${query}`, { apiBaseUrl: server.apiBase });
  return server.requests;
}

const consentPost = (requests: RecordedRequest[]) =>
  JSON.parse(requests.find((request) => pathOf(request.url) === '/v2/linktinker/app/api/oauth')?.body ?? '{}');

afterEach(() => vi.restoreAllMocks());

describe('/oauth: the consent screen of an OAuth app', () => {
  it('names the app, its owner and what it asks in plain words, and sends the chosen account', slow, async () => {
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
    const requests = await open();
    const card = within(await screen.findByRole('region', { name: 'Ledger Sync asks for access' }));
    expect(card.getByText('Made by Books AB')).toBeTruthy();
    expect(card.getByText('See your documents and their status')).toBeTruthy();
    expect(card.getByText('Create, send and change documents for you')).toBeTruthy();
    await expectNoAxeViolations();

    // Two accounts: a picker, the current one first.
    fireEvent.mouseDown(card.getByRole('combobox', { name: 'Account' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Demo Admin' }));
    fireEvent.click(card.getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://ledger.example/cb?code=soc_1&state=st-9'));
    expect(consentPost(requests)).toEqual({
      client_id: 'oap_ledger',
      redirect_uri: 'https://ledger.example/cb',
      scope: 'documents:read documents:write',
      state: 'st-9',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      account: 'acc-personal',
      allowed: true,
    });
  });

  it('tells the app no when the user denies', slow, async () => {
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
    const requests = await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Deny' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://ledger.example/cb?error=access_denied&state=st-9'),
    );
    expect(consentPost(requests)).toMatchObject({ allowed: false, account: 'acc-company' });
  });

  it('says an unknown app is unknown, and offers nothing to allow', slow, async () => {
    await open({ clientKnown: false });
    expect(await screen.findByText('This app is not known, or it has been revoked.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull();
  });

  it('sends a signed-out visitor to log in, to come back with the whole request', slow, async () => {
    await open({ signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Log in to Signlink' })).toBeTruthy();
    expect(readReturnTo()).toBe(`/oauth?${query}`);
  });
});
