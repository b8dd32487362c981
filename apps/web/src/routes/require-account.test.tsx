import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../test/auth-fixtures.ts';
import { renderAppAt } from '../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../test/test-http-server.ts';
import { authStorageKey } from '../api/auth-store.ts';
import type { AppServices } from '../lib/create-app-services.ts';
import { readReturnTo } from '../lib/return-to.ts';
import { routeTable } from './route-table.ts';

let server: TestHttpServer | undefined;
let services: AppServices | undefined;

/** A server that signs in with any e-mail and password and knows the stored token. */
async function startServer() {
  server = await startTestHttpServer((request, response) => {
    const path = pathOf(request.url);
    if (path === '/v2/oauth/generatetoken' || path === '/v2/user') return sendJson(response, 200, authStateFor());
    if (path === '/v2/oauth/logout') {
      response.writeHead(204);
      return response.end();
    }
    sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
  return server;
}

async function logInWithPassword() {
  fireEvent.click(await screen.findByRole('button', { name: 'Log in with e-mail and password' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Log in with e-mail' }));
  fireEvent.change(dialog.getByLabelText('E-mail address'), { target: { value: 'demo@signlink.test' } });
  fireEvent.change(dialog.getByLabelText('Password'), { target: { value: 'signlink-demo' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Log in' }));
}

describe('screens that need an account (route-table.ts needsAccount)', () => {
  it('sends a signed-out visitor of /sent to login, and back to /sent after it', { timeout: 15_000 }, async () => {
    const { apiBase } = await startServer();
    ({ services } = renderAppAt('#/sent?filter=7', { apiBaseUrl: apiBase }));
    expect(await screen.findByRole('heading', { name: 'Log in to Signlink' })).toBeTruthy();
    expect(window.location.hash).toBe('#/login');
    await logInWithPassword();
    expect(await screen.findByRole('heading', { name: 'Sent documents' })).toBeTruthy();
    expect(window.location.hash).toBe('#/sent?filter=7');
    // Arrived: nothing is left to return to.
    expect(readReturnTo()).toBeNull();
  });

  it('lets a signed-in visitor stay', { timeout: 15_000 }, async () => {
    localStorage.setItem(authStorageKey, 'token-1');
    const { apiBase } = await startServer();
    ({ services } = renderAppAt('#/sent', { apiBaseUrl: apiBase }));
    expect(await screen.findByRole('heading', { name: 'Sent documents' })).toBeTruthy();
    expect(window.location.hash).toBe('#/sent');
  });

  it('lets anyone open the recipient view, login and the pages for everyone', { timeout: 15_000 }, async () => {
    ({ services } = renderAppAt('#/help'));
    expect(await screen.findByRole('heading', { name: 'Help centre' })).toBeTruthy();
    expect(window.location.hash).toBe('#/help');
    const open = routeTable.filter((route) => !route.needsAccount).map((route) => route.path);
    expect(open).toEqual(
      expect.arrayContaining(['/', '/login', '/createaccount', '/resetpin/:code', '/register/:id', '/bankid']),
    );
    expect(open).toEqual(expect.arrayContaining(['/pdfblankett', '/dev/mailbox', '/help', '/verify']));
    const closed = routeTable.filter((route) => route.needsAccount).map((route) => route.path);
    expect(closed).toEqual(
      // The return pages of a top-up or plan ask a session call (`sessions/{id}`): the buyer logs in and comes back.
      expect.arrayContaining([
        '/dashboard',
        '/sent',
        '/document/:id',
        '/settings/*',
        '/billing/*',
        '/paymentsuccess',
        '/subscriptionpaymentreturn',
      ]),
    );
  });

  it('starts from the dashboard again after logging out on purpose', { timeout: 15_000 }, async () => {
    localStorage.setItem(authStorageKey, 'token-1');
    const { apiBase } = await startServer();
    ({ services } = renderAppAt('#/welcome', { apiBaseUrl: apiBase }));
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu for Demo Admin' }));
    fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(window.location.hash).toBe('#/login'));
    await logInWithPassword();
    expect(await screen.findByRole('heading', { name: 'Welcome, Demo' })).toBeTruthy();
    expect(window.location.hash).toBe('#/dashboard');
  });

  it('brings back to the screen when the session ends on its own', { timeout: 15_000 }, async () => {
    localStorage.setItem(authStorageKey, 'token-1');
    const { apiBase } = await startServer();
    ({ services } = renderAppAt('#/welcome', { apiBaseUrl: apiBase }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Signlink, Demo!' })).toBeTruthy();
    const { authStore } = services;
    // What the API client does on a 401, and the session at expiry.
    act(() => authStore.clear());
    await waitFor(() => expect(window.location.hash).toBe('#/login'));
    expect(readReturnTo()).toBe('/welcome');
  });
});
