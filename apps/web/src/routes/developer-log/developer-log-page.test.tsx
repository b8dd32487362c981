import type { DeveloperLogEntry } from '@signlink/contracts/developer/developer-log';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStateFor, pathOf } from '../../../test/auth-fixtures.ts';
import { expectNoAxeViolations, setViewport } from '../../../test/axe.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { sendJson, startTestHttpServer } from '../../../test/test-http-server.ts';
import { authStorageKey } from '../../api/auth-store.ts';

const entryOf = (index: number, overrides: Partial<DeveloperLogEntry> = {}): DeveloperLogEntry => ({
  Id: `ael_${index}`,
  Time: new Date(Date.UTC(2026, 10, 20, 12, 0) - index * 60_000).toISOString(),
  ClientId: 'cli_erp',
  ClientName: 'ERP sync',
  Method: 'GET',
  Path: '/v2/linktinker/errands',
  Status: 403,
  Code: 'API_CLIENT_NOT_ALLOWED',
  RequestId: `req-${index}`,
  ...overrides,
});
const refused = entryOf(0, {
  Method: 'POST',
  Path: '/v2/linktinker/contacts',
  Status: 401,
  Code: 'UNAUTHENTICATED',
  ClientName: 'Old CRM',
  RequestId: 'req-old-crm',
});

/**
 * /logger signed in as `role` of a company (or personal) account; the log call answers as the server does: the
 * entries that match the search, one page of them.
 */
async function open(options: { role?: number; personal?: boolean; entries?: DeveloperLogEntry[] } = {}) {
  const { role = 2, personal = false, entries = [refused, entryOf(1), entryOf(2)] } = options;
  localStorage.setItem(authStorageKey, 'token-1');
  const server = await startTestHttpServer((request, response) => {
    const path = pathOf(request.url);
    const auth = authStateFor();
    if (path === '/v2/user') {
      const user = { ...auth.user, Role: role, ...(personal ? { AccountType: 'personal' as const } : {}) };
      return sendJson(response, 200, { ...auth, user });
    }
    if (path === '/v2/linktinker/app/api/logs') {
      const query = new URL(request.url, 'http://x').searchParams;
      const search = query.get('search')?.toLowerCase() ?? '';
      const page = Number(query.get('page') ?? 1);
      const pageSize = Number(query.get('pageSize') ?? 25);
      const found = entries.filter((entry) =>
        [entry.Path, entry.Code, entry.ClientName, entry.RequestId, entry.Method, String(entry.Status)].some((value) =>
          value.toLowerCase().includes(search),
        ),
      );
      const Entries = found.slice((page - 1) * pageSize, page * pageSize);
      return sendJson(response, 200, { Entries, Total: found.length, Page: page, PageSize: pageSize });
    }
    return sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no', requestId: 'r' });
  });
  renderAppAt('#/logger', { apiBaseUrl: server.apiBase });
  return server.requests;
}

const logRequests = (requests: { url: string }[]) =>
  requests.filter((request) => pathOf(request.url) === '/v2/linktinker/app/api/logs');

const phoneMatchMedia = (query: string) => ({
  matches: true,
  media: query,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  addListener: () => undefined,
  removeListener: () => undefined,
});

const slow = { timeout: 20_000 };
afterEach(() => {
  setViewport(1024);
  vi.unstubAllGlobals();
});

describe('/logger (SPEC section 2 "Developer log"; issue 26, part 6)', () => {
  it(
    "shows each error's time in the reader's locale, client, method, path, status, code and request id",
    slow,
    async () => {
      await open();
      const table = within(await screen.findByRole('table', { name: 'API errors' }));
      const row = within(table.getByRole('rowheader', { name: 'Old CRM' }).closest('tr') as HTMLElement);
      const time = new Intl.DateTimeFormat('en-us', { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(refused.Time),
      );
      expect(row.getByText(time)).toBeTruthy();
      expect(row.getByText('POST')).toBeTruthy();
      expect(row.getByText('/v2/linktinker/contacts')).toBeTruthy();
      expect(row.getByText('401')).toBeTruthy();
      expect(row.getByText('UNAUTHENTICATED')).toBeTruthy();
      expect(row.getByText('req-old-crm')).toBeTruthy();
      expect(screen.getByText('3 errors')).toBeTruthy();
    },
  );

  it('copies a request id to the clipboard', slow, async () => {
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async (text: string) => void copied.push(text) },
      configurable: true,
    });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy request id req-old-crm' }));
    expect(await screen.findByText('Request id req-old-crm copied.')).toBeTruthy();
    expect(copied).toEqual(['req-old-crm']);
  });

  it('searches on the server and says when nothing matches', slow, async () => {
    const requests = await open();
    await screen.findByRole('table', { name: 'API errors' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the log' }), { target: { value: 'unauth' } });
    await waitFor(() => expect(screen.queryByText('req-1')).toBeNull());
    expect(screen.getByText('req-old-crm')).toBeTruthy();
    expect(new URL(logRequests(requests).at(-1)?.url ?? '', 'http://x').searchParams.get('search')).toBe('unauth');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the log' }), { target: { value: 'nothing-like' } });
    expect(await screen.findByText('No API errors match “nothing-like”.')).toBeTruthy();
  });

  it('pages through more than 25 errors', slow, async () => {
    const entries = Array.from({ length: 30 }, (_, index) => entryOf(index));
    const requests = await open({ entries });
    expect(await screen.findByText('req-24')).toBeTruthy();
    expect(screen.queryByText('req-25')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('req-29')).toBeTruthy();
    expect(screen.queryByText('req-0')).toBeNull();
    expect(new URL(logRequests(requests).at(-1)?.url ?? '', 'http://x').searchParams.get('page')).toBe('2');
  });

  it('says so when the last 30 days hold no errors', slow, async () => {
    await open({ entries: [] });
    expect(
      await screen.findByText('No API errors in the last 30 days. Failed calls of your integrations show up here.'),
    ).toBeTruthy();
  });

  it.each([
    ['a regular user', { role: 5 }],
    ['a personal account', { personal: true }],
  ])('tells %s it is for company administrators, without asking the server', slow, async (_who, options) => {
    const requests = await open(options);
    expect(await screen.findByText('The developer log is for the administrators of a company account.')).toBeTruthy();
    expect(logRequests(requests)).toEqual([]);
  });

  it.each([
    ['desktop', 1024],
    ['phone', 390],
  ])('passes axe on a %s', slow, async (_name, width) => {
    setViewport(width);
    // jsdom has no layout: on a phone every media query is said to match, as MUI's down('sm') then does.
    if (width < 600) vi.stubGlobal('matchMedia', phoneMatchMedia);
    await open();
    if (width < 600) {
      const list = within(await screen.findByRole('list', { name: 'API errors' }));
      expect(list.getByRole('heading', { name: 'POST /v2/linktinker/contacts' })).toBeTruthy();
    } else expect(await screen.findByRole('table', { name: 'API errors' })).toBeTruthy();
    await expectNoAxeViolations();
  });
});
