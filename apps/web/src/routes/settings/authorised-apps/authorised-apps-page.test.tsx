import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../../test/auth-fixtures.ts';
import { expectNoAxeViolations } from '../../../../test/axe.ts';
import { renderAppAt } from '../../../../test/render-app.tsx';
import { sendJson, startTestHttpServer } from '../../../../test/test-http-server.ts';
import { authStorageKey } from '../../../api/auth-store.ts';

const slow = { timeout: 20_000 };

describe('/settings/authorised-apps: the apps a person let act for them', () => {
  it('lists each app with its account and scopes, and revokes one', slow, async () => {
    localStorage.setItem(authStorageKey, 'token-1');
    let grants = [
      {
        Id: 'ogr_1',
        ClientId: 'oap_ledger',
        AppName: 'Ledger Sync',
        CompanyName: 'Books AB',
        AccountId: 'acc-company',
        AccountName: 'Demo AB',
        Scopes: ['documents:read'],
        Created: '2026-11-20T10:00:00.000Z',
      },
    ];
    const server = await startTestHttpServer((request, response) => {
      const path = pathOf(request.url);
      if (path === '/v2/user') return sendJson(response, 200, authStateFor());
      if (path === '/v2/linktinker/app/api/oauth/grants') return sendJson(response, 200, { Grants: grants });
      if (path === '/v2/linktinker/app/api/oauth/grants/ogr_1/revoke') {
        grants = [];
        response.writeHead(204);
        return response.end();
      }
      sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no', requestId: 'r' });
    });
    renderAppAt('#/settings/authorised-apps', { apiBaseUrl: server.apiBase });
    const card = within(await screen.findByRole('region', { name: 'Ledger Sync' }));
    expect(screen.getByRole('tab', { name: 'Authorised apps', selected: true })).toBeTruthy();
    expect(card.getByText('Made by Books AB')).toBeTruthy();
    expect(card.getByText('Acts for Demo AB')).toBeTruthy();
    expect(card.getByText('See your documents and their status')).toBeTruthy();
    await expectNoAxeViolations();

    fireEvent.click(card.getByRole('button', { name: 'Revoke access for Ledger Sync' }));
    expect(await screen.findByText('Ledger Sync no longer has access.')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('You have not authorised any apps.')).toBeTruthy());
    expect(server.requests.some((request) => request.method === 'POST')).toBe(true);
  });
});
