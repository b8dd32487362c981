import { signlink } from '@signlink/brands/brands';
import { pickRecipientSections } from '@signlink/i18n/recipient-sections';
import { loadWebLanguage } from '@signlink/i18n/web-language-loaders';
import { webResources } from '@signlink/i18n/web-resources';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authStateFor } from '../test/auth-fixtures.ts';
import { accessFixture, linkDetailsFixture } from '../test/recipient-fixtures.ts';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../test/test-http-server.ts';
import { authStorageKey } from './api/auth-store.ts';
import { createBaseServices } from './lib/create-base-services.ts';
import { mountRecipientApp } from './recipient-app.tsx';

const details = linkDetailsFixture;
const access = {
  ...accessFixture,
  Documents: [{ Title: 'Lease 2027.pdf', Code: 'F1', PageCount: 1, PageSizes: [], Rules: null }],
};

let server: TestHttpServer;
beforeAll(async () => {
  server = await startTestHttpServer(
    (request, response) => {
      const path = new URL(request.url, 'http://localhost').pathname;
      if (path.endsWith('/user')) return sendJson(response, 200, authStateFor());
      if (path.endsWith('/access') || path.endsWith('/count')) return sendJson(response, 200, access);
      // The document's bytes too: this file is about the frame, not the viewer.
      if (path.includes('/linktinker/links/ABC123')) return sendJson(response, 200, details);
      return sendJson(response, 404, { code: 'INVALID_LINK', message: 'invalid', requestId: 'req-2' });
    },
    { forWholeFile: true },
  );
});
afterAll(() => server.close());
let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
  window.location.hash = '';
});

/** The frame as main.tsx starts it: English with the recipient's sections only, loading more the same way. */
function mountAt(hash: string) {
  window.location.hash = hash;
  const recipientTexts = (language: 'en-us' | 'sv' | 'es') => ({
    app: pickRecipientSections(webResources[language].app),
    errors: webResources[language].errors,
  });
  const services = createBaseServices({
    brand: signlink,
    window,
    language: 'en-us',
    texts: { bundled: { 'en-us': recipientTexts('en-us') }, load: async (next) => recipientTexts(next) },
    apiBaseUrl: server.apiBase,
    retryDelayMs: 0,
  });
  const container = document.body.appendChild(document.createElement('div'));
  const onLeave = vi.fn();
  act(() => {
    const unmount = mountRecipientApp(services, container, onLeave);
    stop = () => {
      act(() => unmount());
      container.remove();
    };
  });
  return { container, onLeave };
}

describe('the recipient’s own frame (a document link opened from outside)', () => {
  it('draws the link’s page without the router, in the recipient’s texts', async () => {
    mountAt('#/?link=abc123');
    expect(await screen.findByRole('heading', { name: 'Lease 2027.pdf' })).toBeTruthy();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('button', { name: 'Privacy' })).toBeTruthy();
    expect(within(header).getByRole('combobox', { name: 'Language' })).toBeTruthy();
  });

  it('shows a failed link’s page with the app’s header, whose links lead into the whole app', async () => {
    // A signed-in sender opening a link: the failure page's header has the app's menu, with its texts.
    window.localStorage.setItem(authStorageKey, 'token-1');
    try {
      const { container, onLeave } = mountAt('#/?link=NOSUCH1');
      const { errors } = await loadWebLanguage['en-us']();
      expect(await screen.findByText(errors.invalidLink as string)).toBeTruthy();
      // The error dialog hides the page behind it from assistive technology; the links are there all the same.
      const nav = await screen.findByRole('navigation', { name: 'Documents', hidden: true });
      const dashboard = within(nav).getByRole('link', { name: 'Dashboard', hidden: true });
      expect(dashboard.getAttribute('href')).toBe('#/dashboard');
      fireEvent.click(dashboard);
      await waitFor(() => expect(onLeave).toHaveBeenCalledWith('en-us'));
      expect(window.location.hash).toBe('#/dashboard');
      stop = () => container.remove();
    } finally {
      window.localStorage.removeItem(authStorageKey);
    }
  });

  it('hands the page to the whole app once the hash leaves the link’s route', async () => {
    const { container, onLeave } = mountAt('#/?link=ABC123');
    await screen.findByRole('heading', { name: 'Lease 2027.pdf' });
    act(() => {
      window.location.hash = '#/?link=ABC123&debugme';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(onLeave).not.toHaveBeenCalled();
    act(() => {
      window.location.hash = '#/login';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(onLeave).toHaveBeenCalledWith('en-us');
    expect(container.childElementCount).toBe(0);
    stop = () => container.remove();
  });
});
