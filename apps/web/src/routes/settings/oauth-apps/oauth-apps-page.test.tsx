import type { OAuthPlatform } from '@signlink/contracts/developer/oauth';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../../test/auth-fixtures.ts';
import { expectNoAxeViolations } from '../../../../test/axe.ts';
import { renderAppAt } from '../../../../test/render-app.tsx';
import { sendJson, startTestHttpServer } from '../../../../test/test-http-server.ts';
import { authStorageKey } from '../../../api/auth-store.ts';

const slow = { timeout: 20_000 };
const created = '2026-11-20T10:00:00.000Z';

/** A server holding the company's apps, answering the platform contracts as the real one does. */
async function open({ role = 2 } = {}) {
  localStorage.setItem(authStorageKey, 'token-1');
  const platforms: OAuthPlatform[] = [];
  let uriCount = 0;
  const uri = (value: string) => ({ Id: `oru_${++uriCount}`, Uri: value, Created: created });
  const auth = authStateFor();
  auth.user.Role = role;
  const server = await startTestHttpServer((request, response) => {
    const path = pathOf(request.url);
    const body = request.body ? JSON.parse(request.body) : {};
    if (path === '/v2/user') return sendJson(response, 200, auth);
    if (path === '/v2/linktinker/app/api/platforms') {
      if (request.method === 'GET') return sendJson(response, 200, { Platforms: platforms });
      const platform = { ClientId: 'oap_1', Name: body.Name, Created: created, RedirectUris: [uri(body.RedirectUri)] };
      platforms.push(platform);
      return sendJson(response, 201, { ...platform, ClientSecret: 'sos_shown_once' });
    }
    const action = /\/platforms\/oap_1\/(\w+)$/.exec(path)?.[1];
    const platform = platforms[0];
    if (action && platform) {
      if (action === 'addredirecturi') platform.RedirectUris.push(uri(body.Uri));
      if (action === 'revokeredirecturi' || action === 'updateredirecturi') {
        platform.RedirectUris = platform.RedirectUris.filter((row) => row.Id !== body.RedirectUriId);
      }
      if (action === 'updateredirecturi') platform.RedirectUris.push(uri(body.Uri));
      return sendJson(response, 200, platform);
    }
    sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no', requestId: 'r' });
  });
  renderAppAt('#/settings/oauth-apps', { apiBaseUrl: server.apiBase });
  return server.requests;
}

describe('/settings/oauth-apps: a company admin registers OAuth apps', () => {
  it('registers an app, shows its secret once, and keeps its redirect addresses', slow, async () => {
    const requests = await open();
    expect(await screen.findByRole('tab', { name: 'OAuth apps', selected: true })).toBeTruthy();
    expect(await screen.findByText('No apps are registered yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/App name/), { target: { value: 'Ledger Sync' } });
    fireEvent.change(screen.getByLabelText('Redirect address'), { target: { value: 'https://ledger.example/cb' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register app' }));
    expect(await screen.findByText('Client secret: sos_shown_once')).toBeTruthy();
    const create = requests.find((request) => request.method === 'POST');
    expect(JSON.parse(create?.body ?? '{}')).toEqual({ Name: 'Ledger Sync', RedirectUri: 'https://ledger.example/cb' });

    const card = within(await screen.findByRole('region', { name: 'Ledger Sync' }));
    expect(card.getByText('Client id: oap_1')).toBeTruthy();
    fireEvent.change(card.getByLabelText('New redirect address for Ledger Sync'), {
      target: { value: 'http://localhost:3000/cb' },
    });
    fireEvent.click(card.getByRole('button', { name: 'Add' }));
    expect(await card.findByText('http://localhost:3000/cb')).toBeTruthy();

    fireEvent.click(card.getByRole('button', { name: 'Change https://ledger.example/cb' }));
    fireEvent.change(card.getByLabelText('New address instead of https://ledger.example/cb'), {
      target: { value: 'https://ledger.example/v2/cb' },
    });
    fireEvent.click(card.getByRole('button', { name: 'Save' }));
    expect(await card.findByText('https://ledger.example/v2/cb')).toBeTruthy();
    expect(card.queryByText('https://ledger.example/cb')).toBeNull();

    fireEvent.click(card.getByRole('button', { name: 'Revoke http://localhost:3000/cb' }));
    await waitFor(() => expect(card.queryByText('http://localhost:3000/cb')).toBeNull());
    const revoke = requests.find((request) => pathOf(request.url).endsWith('/revokeredirecturi'));
    expect(JSON.parse(revoke?.body ?? '{}')).toEqual({ RedirectUriId: 'oru_2' });
    await expectNoAxeViolations();
  });

  it('tells others than administrators who may register apps, without the tab or the form', slow, async () => {
    await open({ role: 5 });
    expect(await screen.findByText('Only an administrator of a company account can register OAuth apps.')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'OAuth apps' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Register app' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Authorised apps' })).toBeTruthy();
  });
});
