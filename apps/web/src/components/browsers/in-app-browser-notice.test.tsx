import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../test/axe.ts';
import { accessFixture, linkDetailsFixture } from '../../../test/recipient-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../test/test-http-server.ts';
import { useUserAgent } from '../../../test/user-agent.ts';
import { languageStorageKey } from '../../i18n/language-store.ts';

const facebookAndroid =
  'Mozilla/5.0 (Linux; Android 13; SM-G991B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.5845.163 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/430.0.0.23.113;]';
const instagramIos =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 295.0.0.21.109 (iPhone13,2; iOS 16_6; sv_SE; sv; scale=3.00; 1170x2532; 502371587)';
const safariIos =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

const details = { ...linkDetailsFixture, Code: 'ABC12345', Language: 'es' };
const access = {
  ...accessFixture,
  Documents: [{ Title: 'Lease 2027.pdf', Code: 'F1', PageCount: 1, PageSizes: [], Rules: null }],
};

let server: TestHttpServer;
beforeAll(async () => {
  server = await startTestHttpServer(
    (request, response) => {
      const path = new URL(request.url, 'http://localhost').pathname;
      if (path.endsWith('/access') || path.endsWith('/count')) return sendJson(response, 200, access);
      if (path.endsWith('/linktinker/links/ABC12345')) return sendJson(response, 200, details);
      sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no', requestId: 'r' });
    },
    { forWholeFile: true },
  );
});
afterAll(() => server.close());

describe('the in-app browser warning (SPEC section 8)', () => {
  it('on a document link in Facebook on Android: Chrome by an intent, in the document’s language; dismissed once', {
    timeout: 15_000,
  }, async () => {
    useUserAgent(facebookAndroid);
    const { unmount } = renderAppAt('#/?link=ABC12345', { apiBaseUrl: server.apiBase });
    const dialog = await screen.findByRole('dialog', { name: 'Abra esta página en su navegador' }, { timeout: 5_000 });
    expect(dialog.textContent).toContain('Ha abierto esta página dentro de Facebook.');
    const open = within(dialog).getByRole('link', { name: 'Abrir en el navegador' });
    expect(open.getAttribute('href')).toMatch(
      /^intent:\/\/localhost(:\d+)?\/ABC12345#Intent;scheme=http;package=com\.android\.chrome;S\.browser_fallback_url=/,
    );
    await expectNoAxeViolations();

    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Continuar aquí de todos modos' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Abra esta página en su navegador', hidden: true })).toBeNull(),
    );
    // The document shows behind (the viewer's own dialogs over it are not this test's concern).
    expect(await screen.findAllByText('Lease 2027.pdf', {}, { timeout: 5_000 })).not.toHaveLength(0);
    // Staying is remembered for the tab.
    unmount();
    renderAppAt('#/?link=ABC12345', { apiBaseUrl: server.apiBase });
    await screen.findAllByText('Lease 2027.pdf', {}, { timeout: 5_000 });
    expect(screen.queryByRole('dialog', { name: 'Abra esta página en su navegador', hidden: true })).toBeNull();
  });

  it('on the login page in Instagram on iOS: where the menu is, and the link to copy', {
    timeout: 15_000,
  }, async () => {
    useUserAgent(instagramIos);
    localStorage.setItem(languageStorageKey, 'en-us');
    renderAppAt('#/login', { apiBaseUrl: server.apiBase });
    const dialog = await screen.findByRole('dialog', { name: 'Open this page in your browser' });
    expect(dialog.textContent).toContain('You opened this page inside Instagram.');
    expect(dialog.textContent).toContain('choose “Open in Safari”');
    expect(within(dialog).queryByRole('link', { name: 'Open in browser' })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(window.location.href);
    expect(within(dialog).getByRole('status').textContent).toBe(
      'The link is copied. Paste it into your browser’s address bar.',
    );
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('leaves a browser of its own alone', { timeout: 15_000 }, async () => {
    useUserAgent(safariIos);
    renderAppAt('#/login', { apiBaseUrl: server.apiBase });
    expect(await screen.findByRole('heading', { name: 'Log in to Signlink' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
