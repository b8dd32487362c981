import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStateFor, pathOf } from '../../../../test/auth-fixtures.ts';
import { expectNoAxeViolations, setViewport } from '../../../../test/axe.ts';
import { renderAppAt } from '../../../../test/render-app.tsx';
import { sendJson, startTestHttpServer } from '../../../../test/test-http-server.ts';
import { authStorageKey } from '../../../api/auth-store.ts';

/** A settings screen signed in as `role` of a company (or personal) account, over a real HTTP server. */
async function open(hash: string, options: { role?: number; personal?: boolean } = {}) {
  const { role = 2, personal = false } = options;
  localStorage.setItem(authStorageKey, 'token-1');
  const server = await startTestHttpServer((request, response) => {
    const auth = authStateFor();
    if (pathOf(request.url) === '/v2/user') {
      const user = { ...auth.user, Role: role, ...(personal ? { AccountType: 'personal' as const } : {}) };
      return sendJson(response, 200, { ...auth, user });
    }
    return sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no', requestId: 'r' });
  });
  renderAppAt(hash, { apiBaseUrl: server.apiBase });
}

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

describe('/settings/integration (SPEC section 2 settings, "integration"; issue 26, part 7)', () => {
  it(
    'leads an administrator to each integration screen and the OpenAPI document, saying what each is for',
    slow,
    async () => {
      await open('#/settings/integration');
      expect(await screen.findByRole('heading', { name: 'Connect your own systems' })).toBeTruthy();
      expect(screen.getByRole('tab', { name: 'Integration', selected: true })).toBeTruthy();
      const sections = within(screen.getByRole('list', { name: 'Integration' }));
      const hrefOf = (name: string) => sections.getByRole('link', { name }).getAttribute('href');
      expect(hrefOf('API keys')).toBe('#/settings/api-keys');
      expect(hrefOf('Webhooks')).toBe('#/settings/webhooks');
      expect(hrefOf('OAuth apps')).toBe('#/settings/oauth-apps');
      expect(hrefOf('Authorised apps')).toBe('#/settings/authorised-apps');
      expect(hrefOf('Developer log')).toBe('#/logger');
      expect(hrefOf('API documentation (OpenAPI)')).toBe('/v2/docs');
      expect(sections.getByText('Find out why a call of your integrations failed, for the last 30 days.')).toBeTruthy();
    },
  );

  it('shows the tab to administrators on the other settings screens', slow, async () => {
    await open('#/settings/preferences');
    expect(await screen.findByRole('tab', { name: 'Integration' })).toBeTruthy();
  });

  it.each([
    ['a regular user', { role: 5 }],
    ['a personal account', { personal: true }],
  ])('has no tab for %s', slow, async (_who, options) => {
    await open('#/settings/preferences', options);
    await screen.findByRole('tab', { name: 'Personal', selected: true });
    expect(screen.queryByRole('tab', { name: 'Integration' })).toBeNull();
  });

  it('tells others who manages integrations', slow, async () => {
    await open('#/settings/integration', { role: 5 });
    expect(await screen.findByText("Only the account's administrators manage its integrations.")).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'API keys' })).toBeNull();
  });

  it.each([
    ['desktop', 1024],
    ['phone', 390],
  ])('passes axe on a %s', slow, async (_name, width) => {
    setViewport(width);
    if (width < 600) vi.stubGlobal('matchMedia', phoneMatchMedia);
    await open('#/settings/integration');
    await screen.findByRole('heading', { name: 'Connect your own systems' });
    await expectNoAxeViolations();
  });
});
