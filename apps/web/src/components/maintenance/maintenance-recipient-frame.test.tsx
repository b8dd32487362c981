import { signlink } from '@signlink/brands/brands';
import { pickRecipientSections } from '@signlink/i18n/recipient-sections';
import { webResources } from '@signlink/i18n/web-resources';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendJson, startTestHttpServer } from '../../../test/test-http-server.ts';
import { createBaseServices } from '../../lib/create-base-services.ts';
import { mountRecipientApp } from '../../recipient-app.tsx';
import { maintenanceChecks } from './maintenance-checks.ts';

let stop: (() => void) | null = null;
beforeEach(() => {
  maintenanceChecks.isOn = true;
});
afterEach(() => {
  stop?.();
  stop = null;
  maintenanceChecks.isOn = false;
});

/** A document link's frame, as main.tsx starts it, in Spanish with the recipient's sections only. */
function mountLinkIn(apiBaseUrl: string) {
  window.location.hash = '#/?link=ABC123';
  const recipientTexts = (language: 'en-us' | 'sv' | 'es') => ({
    app: pickRecipientSections(webResources[language].app),
    errors: webResources[language].errors,
  });
  const services = createBaseServices({
    brand: signlink,
    window,
    language: 'es',
    texts: { bundled: { es: recipientTexts('es') }, load: async (next) => recipientTexts(next) },
    apiBaseUrl,
    retryDelayMs: 0,
  });
  const container = document.body.appendChild(document.createElement('div'));
  act(() => {
    const unmount = mountRecipientApp(services, container, vi.fn());
    stop = () => {
      act(() => unmount());
      container.remove();
    };
  });
}

describe("a document link's frame during maintenance", () => {
  it('shows the maintenance page, in the app page frame, when the link is refused for maintenance', async () => {
    const end = new Date(Date.now() + 30 * 60_000).toISOString();
    const server = await startTestHttpServer((request, response) => {
      const path = new URL(request.url, 'http://localhost').pathname;
      // The file is not updated yet (or a cache kept the old one): the API's refusal is what tells.
      if (path === '/maintenance.json') return sendJson(response, 200, null);
      if (path === '/v2/linktinker/time') return sendJson(response, 200, { utc: new Date().toISOString() });
      return sendJson(response, 503, {
        code: 'MAINTENANCE',
        message: 'Servicio en mantenimiento',
        details: { endUtc: end },
        requestId: 'req-1',
      });
    });
    mountLinkIn(server.apiBase);
    const { es } = webResources;
    expect(await screen.findByRole('heading', { name: es.app.states.maintenance.title })).toBeTruthy();
    expect(screen.getByText(new RegExp(es.app.states.maintenance.message))).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the pre-notice popup in the recipient’s language', async () => {
    const start = Date.now() + 20 * 60_000;
    const server = await startTestHttpServer((request, response) => {
      const path = new URL(request.url, 'http://localhost').pathname;
      if (path === '/maintenance.json') {
        return sendJson(response, 200, {
          startUtc: new Date(start).toISOString(),
          endUtc: new Date(start + 3_600_000).toISOString(),
          preNoticeMinutes: 30,
          message: { 'en-us': { title: 'Upgrade', desc: 'Back soon.' } },
        });
      }
      if (path === '/v2/linktinker/time') return sendJson(response, 200, { utc: new Date().toISOString() });
      return sendJson(response, 404, { code: 'INVALID_LINK', message: 'no', requestId: 'req-2' });
    });
    mountLinkIn(server.apiBase);
    expect(await screen.findByRole('dialog', { name: webResources.es.app.maintenance.preNotice.title })).toBeTruthy();
  });
});
