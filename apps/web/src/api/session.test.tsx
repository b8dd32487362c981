import { timings } from '@signlink/contracts/constants';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authStateFor, pathOf } from '../../test/auth-fixtures.ts';
import { renderAppAt, renderWithApp } from '../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHandler, type TestHttpServer } from '../../test/test-http-server.ts';
import type { AppServices } from '../lib/create-app-services.ts';
import { authStorageKey } from './auth-store.ts';

let server: TestHttpServer | undefined;
let services: AppServices | undefined;

afterEach(() => {
  vi.useRealTimers();
});

const minute = 60_000;

async function serve(handler: TestHandler) {
  server = await startTestHttpServer(handler);
  return server;
}

describe('session start', () => {
  it('loads the user of a kept token and shows them in the header menu', async () => {
    window.localStorage.setItem(authStorageKey, 'kept-token');
    const api = await serve((request, response) =>
      pathOf(request.url) === '/v2/user'
        ? sendJson(response, 200, authStateFor({ token: 'kept-token' }))
        : sendJson(response, 404, { code: 'NOT_FOUND', message: 'no' }),
    );
    ({ services } = renderAppAt('#/welcome', { apiBaseUrl: api.apiBase }));
    expect(services.session.getState().status).toBe('loading');
    const menuButton = await screen.findByRole('button', { name: 'Account menu for Demo Admin' });
    expect(menuButton.textContent).toContain('Demo AB');
    expect(api.requests[0]?.headers.authorization).toBe('Bearer kept-token');
    expect(services.authStore.getToken()).toBe('kept-token');
  });

  it.each([400, 401, 403, 404])('clears the token, without a dialog, when user load answers %i', async (status) => {
    window.localStorage.setItem(authStorageKey, 'stale-token');
    const api = await serve((_request, response) => sendJson(response, status, { code: 'FORBIDDEN', message: 'no' }));
    ({ services } = renderWithApp(null, { apiBaseUrl: api.apiBase }));
    const session = services.session;
    await waitFor(() => expect(session.getState().status).toBe('signedOut'));
    expect(services.authStore.getToken()).toBeNull();
    expect(window.localStorage.getItem(authStorageKey)).toBeNull();
    expect(api.requests).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the token and offers to try again when the server fails', async () => {
    window.localStorage.setItem(authStorageKey, 'kept-token');
    const api = await serve((_request, response, index) =>
      index < 2
        ? sendJson(response, 503, { code: 'SERVICE_UNAVAILABLE', message: 'down', requestId: 'r1' })
        : sendJson(response, 200, authStateFor({ token: 'kept-token' })),
    );
    ({ services } = renderWithApp(null, { apiBaseUrl: api.apiBase }));
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    const session = services.session;
    await waitFor(() => expect(session.getState().status).toBe('signedIn'));
    expect(api.requests).toHaveLength(3);
    expect(services.authStore.getToken()).toBe('kept-token');
  });

  it('starts signed out, calling nothing, without a token', () => {
    ({ services } = renderWithApp(null, { apiBaseUrl: 'http://127.0.0.1:9/v2/' }));
    expect(services.session.getState()).toEqual({ status: 'signedOut' });
  });
});

describe('session expiry', () => {
  // Both dialogs' code loads when they first open (dialog-service.tsx); fake timers would stall that wait, so it is
  // loaded before.
  beforeAll(async () => {
    await Promise.all([
      import('../components/session/session-expiry-warning.tsx'),
      import('../components/dialogs/logged-out-dialog.tsx'),
    ]);
  });

  function signInWithFakeTimers(apiBase: string) {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    ({ services } = renderWithApp(null, { apiBaseUrl: apiBase }));
    const session = services.session;
    act(() => session.signIn(authStateFor({ token: 'first-token' })));
    return services;
  }

  const warningAfter = (timings.accessTokenMinutes - timings.sessionWarningMinutes) * minute;

  it('warns 5 minutes before the token expires, and "stay signed in" replaces the token', async () => {
    const api = await serve((request, response) =>
      pathOf(request.url) === '/v2/oauth/refreshtoken'
        ? sendJson(response, 200, authStateFor({ token: 'second-token' }))
        : sendJson(response, 404, { code: 'NOT_FOUND', message: 'no' }),
    );
    const { authStore } = signInWithFakeTimers(api.apiBase);

    await act(async () => vi.advanceTimersByTime(warningAfter - 1000));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => vi.advanceTimersByTime(1000));
    const dialog = screen.getByRole('dialog', { name: 'Your session is about to end' });
    expect(dialog.textContent).toContain('you will be logged out in 5:00');
    await act(async () => vi.advanceTimersByTime(61_000));
    expect(dialog.textContent).toContain('you will be logged out in 3:59');

    // The refresh goes over real HTTP, which fake timers would stall.
    vi.useRealTimers();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(authStore.getToken()).toBe('second-token'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]?.method).toBe('POST');
    expect(api.requests[0]?.headers.authorization).toBe('Bearer first-token');
    expect(window.localStorage.getItem(authStorageKey)).toBe('second-token');
  });

  it('watches the new token after a refresh, not the old one', async () => {
    const { session } = signInWithFakeTimers('http://127.0.0.1:9/v2/');
    await act(async () => vi.advanceTimersByTime(30 * minute));
    act(() => session.signIn(authStateFor({ token: 'refreshed' })));
    await act(async () => vi.advanceTimersByTime(warningAfter - 1000));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('dialog', { name: 'Your session is about to end' })).toBeTruthy();
  });

  it('logs out with the logged-out dialog when the token expires', async () => {
    const { session, authStore } = signInWithFakeTimers('http://127.0.0.1:9/v2/');
    await act(async () => vi.advanceTimersByTime(timings.accessTokenMinutes * minute));
    expect(session.getState()).toEqual({ status: 'signedOut' });
    expect(authStore.getToken()).toBeNull();
    const dialog = screen.getByRole('dialog', { name: 'Session ended' });
    expect(dialog.textContent).toContain('You have been logged out. Please log in again.');
    expect(screen.queryByRole('dialog', { name: 'Your session is about to end' })).toBeNull();
  });

  it('times a just-issued token from its arrival, whatever the clocks say', async () => {
    const { session } = signInWithFakeTimers('http://127.0.0.1:9/v2/');
    // This browser's clock runs 50 minutes fast: the server's tokenExpires looks 10 minutes away.
    act(() => session.signIn(authStateFor({ token: 'fresh', expiresInMinutes: 10 })));
    await act(async () => vi.advanceTimersByTime(warningAfter - 1000));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('dialog', { name: 'Your session is about to end' })).toBeTruthy();
  });

  it('warns by tokenExpires for a token loaded with GET user, never later than a full life', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    window.localStorage.setItem(authStorageKey, 'older');
    let expiresInMinutes = 20;
    const api = await serve((_request, response) =>
      sendJson(response, 200, authStateFor({ token: 'older', expiresInMinutes })),
    );
    ({ services } = renderWithApp(null, { apiBaseUrl: api.apiBase }));
    const session = services.session;
    await waitFor(() => expect(session.getState().status).toBe('signedIn'));
    const loaded = session.getState();
    const start = Date.now();
    expect(loaded.status === 'signedIn' && loaded.expiresAt - start).toBeLessThanOrEqual(20 * minute);
    expect(loaded.status === 'signedIn' && loaded.expiresAt - start).toBeGreaterThan(19 * minute);

    // A client clock running slow would put the end 70 minutes away: the warning keeps to a token's full life.
    expiresInMinutes = timings.accessTokenMinutes + 10;
    await act(() => session.start());
    const capped = session.getState();
    expect(capped.status === 'signedIn' && capped.expiresAt - Date.now()).toBeLessThanOrEqual(
      timings.accessTokenMinutes * minute,
    );
  });
});

describe('other tabs', () => {
  /** What the browser tells this tab when another one changes the stored token. */
  function otherTabStores(token: string | null) {
    if (token === null) window.localStorage.removeItem(authStorageKey);
    else window.localStorage.setItem(authStorageKey, token);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: authStorageKey, storageArea: window.localStorage }));
    });
  }

  it('follows a login and a logout made in another tab', async () => {
    const api = await serve((request, response) =>
      sendJson(response, 200, authStateFor({ token: request.headers.authorization?.slice('Bearer '.length) })),
    );
    ({ services } = renderAppAt('#/welcome', { apiBaseUrl: api.apiBase }));
    expect(services.session.getState().status).toBe('signedOut');

    otherTabStores('other-tab-token');
    expect(await screen.findByRole('button', { name: 'Account menu for Demo Admin' })).toBeTruthy();
    expect(api.requests[0]?.headers.authorization).toBe('Bearer other-tab-token');

    otherTabStores(null);
    await waitFor(() => expect(screen.queryByRole('button', { name: /Account menu/ })).toBeNull());
    expect(services.session.getState()).toEqual({ status: 'signedOut' });
    expect(api.requests).toHaveLength(1);
  });

  it("takes another tab's refreshed token without leaving the signed-in screen", async () => {
    const api = await serve((request, response) =>
      sendJson(response, 200, authStateFor({ token: request.headers.authorization?.slice('Bearer '.length) })),
    );
    ({ services } = renderAppAt('#/welcome', { apiBaseUrl: api.apiBase }));
    const { session, authStore } = services;
    act(() => session.signIn(authStateFor({ token: 'this-tab' })));
    const states: string[] = [];
    session.subscribe(() => states.push(session.getState().status));

    otherTabStores('refreshed-there');
    await waitFor(() => expect(api.requests).toHaveLength(1));
    await waitFor(() => {
      const state = session.getState();
      expect(state.status === 'signedIn' && state.auth.accessToken).toBe('refreshed-there');
    });
    expect(authStore.getToken()).toBe('refreshed-there');
    expect(states).not.toContain('loading');
  });
});

describe('logout', () => {
  it('ends the session on the server, then forgets the token', async () => {
    const api = await serve((_request, response) => {
      response.writeHead(204);
      response.end();
    });
    ({ services } = renderWithApp(null, { apiBaseUrl: api.apiBase }));
    const { session, authStore } = services;
    act(() => session.signIn(authStateFor({ token: 'to-end' })));
    await act(() => session.logout());
    expect(api.requests.map((request) => [request.method, pathOf(request.url), request.headers.authorization])).toEqual(
      [['POST', '/v2/oauth/logout', 'Bearer to-end']],
    );
    expect(authStore.getToken()).toBeNull();
    expect(session.getState()).toEqual({ status: 'signedOut' });
  });

  it('forgets the token even when the server cannot be reached', async () => {
    ({ services } = renderWithApp(null, { apiBaseUrl: 'http://127.0.0.1:9/v2/' }));
    const { session, authStore } = services;
    act(() => session.signIn(authStateFor()));
    await act(() => session.logout());
    expect(authStore.getToken()).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('ends the session when any authenticated call answers 401', async () => {
    const api = await serve((_request, response) =>
      sendJson(response, 401, { code: 'UNAUTHENTICATED', message: 'no' }),
    );
    ({ services } = renderWithApp(null, { apiBaseUrl: api.apiBase }));
    const { session, apiClient } = services;
    act(() => session.signIn(authStateFor()));
    await act(() => apiClient.request({ method: 'GET', path: 'linktinker/app/balance' }).catch(() => undefined));
    expect(session.getState()).toEqual({ status: 'signedOut' });
    expect(await screen.findByRole('dialog', { name: 'Session ended' })).toBeTruthy();
  });
});

describe('reload', () => {
  it('takes the new balances of GET user, keeping the token and its expiry', async () => {
    const credited = authStateFor({ token: 'held' });
    credited.balances = { ...credited.balances, TotalBalance: 62_500, VoucherBalance: 50_000 };
    const api = await serve((_request, response) => sendJson(response, 200, credited));
    ({ services } = renderWithApp(null, { apiBaseUrl: api.apiBase }));
    const { session } = services;
    act(() => session.signIn(authStateFor({ token: 'held' })));
    const before = session.getState();
    await act(() => session.reload());
    const after = session.getState();
    expect(after.status === 'signedIn' && after.auth.balances.TotalBalance).toBe(62_500);
    expect(before.status === 'signedIn' && after.status === 'signedIn' && after.expiresAt).toBe(
      before.status === 'signedIn' && before.expiresAt,
    );
    expect(api.requests.map((request) => request.headers.authorization)).toEqual(['Bearer held']);
  });

  it('keeps what is shown, without a dialog, when the server fails', async () => {
    const api = await serve((_request, response) =>
      sendJson(response, 503, { code: 'SERVICE_UNAVAILABLE', message: 'x' }),
    );
    ({ services } = renderWithApp(null, { apiBaseUrl: api.apiBase }));
    const { session } = services;
    act(() => session.signIn(authStateFor({ token: 'held' })));
    await act(() => session.reload());
    const state = session.getState();
    expect(state.status === 'signedIn' && state.auth.balances.TotalBalance).toBe(12_500);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
