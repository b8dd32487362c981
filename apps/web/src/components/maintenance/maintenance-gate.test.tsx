import { findClientIpRoute } from '@signlink/contracts/links/link-access.routes';
import type { MaintenanceItemInput } from '@signlink/contracts/maintenance/maintenance-item';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStateFor } from '../../../test/auth-fixtures.ts';
import { renderWithApp } from '../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../test/test-http-server.ts';
import { useApiClient } from '../../api/api-context.tsx';
import { maintenanceChecks } from './maintenance-checks.ts';
import { MaintenanceDashboardNotice } from './maintenance-dashboard-notice.tsx';

const minute = 60_000;
const loadedAt = Date.parse('2026-12-01T21:50:00Z');
const start = loadedAt + 10 * minute;
const end = start + 30 * minute;
const item: MaintenanceItemInput = {
  startUtc: new Date(start).toISOString(),
  endUtc: new Date(end).toISOString(),
  dashboardNoticeUtc: new Date(loadedAt - 60 * minute).toISOString(),
  preNoticeMinutes: 5,
  lastNoticeMinutes: 2,
  message: { 'en-us': { title: 'Database upgrade', desc: 'We are moving to a bigger database.' } },
};

let server: TestHttpServer;
/** What the server's maintenance file says now; a test changes it as an operator would. */
let announced: MaintenanceItemInput | null;
/** How far the server's clock is ahead of the visitor's. */
let serverAheadMs: number;

beforeEach(async () => {
  maintenanceChecks.isOn = true;
  announced = item;
  serverAheadMs = 0;
  // The visitor's timers and clock are the test's; the HTTP server answers over real sockets meanwhile, and
  // shouldAdvanceTime lets Testing Library's waiting run.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
  vi.setSystemTime(loadedAt);
  server = await startTestHttpServer((request, response) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (path === '/maintenance.json') return sendJson(response, 200, announced);
    if (path === '/v2/linktinker/time') {
      return sendJson(response, 200, { utc: new Date(Date.now() + serverAheadMs).toISOString() });
    }
    if (path === '/v2/linktinker/ip') {
      return sendJson(response, 503, {
        code: 'MAINTENANCE',
        message: 'Down for maintenance',
        details: { endUtc: new Date(end).toISOString() },
        requestId: 'req-1',
      });
    }
    return sendJson(response, 404, { code: 'NOT_FOUND', message: 'no', requestId: 'req-2' });
  });
});
afterEach(() => {
  vi.useRealTimers();
  maintenanceChecks.isOn = false;
});

const fileChecks = () => server.requests.filter((request) => request.url === '/maintenance.json').length;

/** Moves the visitor's clock and timers on, and lets the checks the timers started reach the server and back. */
async function advance(ms: number) {
  const before = server.requests.length;
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  return server.requests.length - before;
}

async function closeDialog(name: string) {
  const dialog = await screen.findByRole('dialog', { name });
  fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

const renderApp = () => renderWithApp(<p>The app itself</p>, { apiBaseUrl: server.apiBase });

describe('the maintenance timeline (SPEC section 4)', () => {
  // Some twenty round trips to the test server and a lazily loaded page: more than the default five seconds on CI.
  it('shows each popup once, the page while active without checking, and the app again after the end', {
    timeout: 20_000,
  }, async () => {
    renderApp();
    await waitFor(() => expect(fileChecks()).toBe(1));
    expect(server.requests.map((request) => request.url)).toContain('/v2/linktinker/time');
    expect(screen.queryByRole('dialog')).toBeNull();

    // Five minutes before the start: the pre-notice, once.
    await advance(5 * minute);
    expect(await screen.findByRole('dialog', { name: 'Maintenance soon' })).toBeTruthy();
    expect(screen.getByText(/in 5 minutes/)).toBeTruthy();
    await closeDialog('Maintenance soon');
    expect(await advance(minute)).toBeGreaterThan(0); // still checking every minute
    expect(screen.queryByRole('dialog')).toBeNull();

    // The start, for an app loaded before it: the last notice, once, over the app.
    await advance(4 * minute);
    await closeDialog('Maintenance has started');
    expect(screen.getByText('The app itself')).toBeTruthy();

    // After the last-notice minutes: the page in place of the app, and no more checks.
    await advance(2 * minute);
    expect(await screen.findByRole('heading', { name: 'Database upgrade' })).toBeTruthy();
    expect(screen.getByText(/We are moving to a bigger database\. We expect to be back by/)).toBeTruthy();
    expect(screen.queryByText('The app itself')).toBeNull();
    const checksWhileActive = fileChecks();
    await advance(20 * minute);
    expect(fileChecks()).toBe(checksWhileActive);
    expect(screen.queryByRole('dialog')).toBeNull();

    // The end: one check, the operator has cleared the item, the app is back and checks resume.
    announced = null;
    await advance(8 * minute);
    expect(fileChecks()).toBe(checksWhileActive + 1);
    expect(await screen.findByText('The app itself')).toBeTruthy();
    await advance(minute);
    expect(fileChecks()).toBe(checksWhileActive + 2);
  });

  it('shows the pre-notice once per tab, not again when the app is loaded again', async () => {
    vi.setSystemTime(start - 3 * minute);
    const first = renderApp();
    await closeDialog('Maintenance soon');
    first.unmount();
    renderApp();
    await waitFor(() => expect(fileChecks()).toBe(2));
    await advance(minute);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows a signed-in user's page with the app's header and menu, which still needs no app behind it", async () => {
    vi.setSystemTime(start + 10 * minute);
    const { services } = renderApp();
    act(() => services.session.signIn(authStateFor()));
    expect(await screen.findByRole('heading', { name: 'Database upgrade' })).toBeTruthy();
    const nav = await screen.findByRole('navigation', { name: 'Documents' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('#/dashboard');
    expect(screen.queryByText('The app itself')).toBeNull();
  });

  it('gives an app loaded after the start no last notice, only the page', async () => {
    vi.setSystemTime(start + 30_000);
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Database upgrade' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("reads the timeline by the server's clock, not the visitor's", async () => {
    // The visitor's clock says ten minutes before the start; the server's says the window is on.
    serverAheadMs = 15 * minute;
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Database upgrade' })).toBeTruthy();
  });

  it('switches to the maintenance page when an API call is refused for maintenance, without an error dialog', async () => {
    announced = null;
    function CallsTheApi() {
      const client = useApiClient();
      return (
        <button type="button" onClick={() => void client.api(findClientIpRoute).catch(() => {})}>
          Call
        </button>
      );
    }
    renderWithApp(<CallsTheApi />, { apiBaseUrl: server.apiBase });
    await waitFor(() => expect(fileChecks()).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: 'Call' }));
    expect(await screen.findByRole('heading', { name: 'We are down for maintenance' })).toBeTruthy();
    expect(server.requests.filter((request) => request.url === '/v2/linktinker/ip')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    // No checks until the end the refusal gave; then the file (still empty) brings the app back.
    const checks = fileChecks();
    await advance(end - Date.now() - minute);
    expect(fileChecks()).toBe(checks);
    await advance(2 * minute);
    expect(await screen.findByRole('button', { name: 'Call' })).toBeTruthy();
  });
});

describe('the dashboard notice', () => {
  it('shows from its date until the start, and stays hidden in this tab once dismissed', async () => {
    const view = renderWithApp(<MaintenanceDashboardNotice />, { apiBaseUrl: server.apiBase });
    expect((await screen.findByRole('note')).textContent).toMatch(
      /^Planned maintenanceThe service will be unavailable/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Hide the maintenance notice' }));
    expect(screen.queryByRole('note')).toBeNull();
    view.unmount();
    renderWithApp(<MaintenanceDashboardNotice />, { apiBaseUrl: server.apiBase });
    await waitFor(() => expect(fileChecks()).toBe(2));
    expect(screen.queryByRole('note')).toBeNull();
  });
});
