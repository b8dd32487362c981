import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../../test/auth-fixtures.ts';
import { expectNoAxeViolations, setViewport } from '../../../../test/axe.ts';
import { accessFixture } from '../../../../test/recipient-fixtures.ts';
import { renderAppAt } from '../../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../../test/test-http-server.ts';
import { authStorageKey } from '../../../api/auth-store.ts';
import { previewIdOf } from './preview-page.tsx';

/** A lazy screen's first load on a machine shared by many test runs. */
const firstScreen = { timeout: 15_000 };

const role = (index: number, name: string) => ({
  SignatureIndex: index,
  Role: name,
  SignatureType: 'e-signature',
  Fixed: false,
});
const preview = {
  Code: 'doc_template1',
  PreviewCode: 'doc_template1',
  LinkName: 'Membership',
  Language: 'en-us',
  OwnerData: { LogoUrl: null, ConsentMessage: null, CompanyName: 'Demo AB', PrivacyUrl: null },
  RequireBankID: false,
  RequireSMS: false,
  RequireEmail: false,
  PhoneNumberMasked: null,
  EmailAddressMasked: null,
  AllowAlternativeDownload: true,
  Kind: 'template',
  Roles: [role(0, 'Customer'), role(1, 'Witness')],
};
const access = {
  ...accessFixture,
  RequestToken: 'preview-token',
  Documents: [{ Title: 'Membership.pdf', Code: 'F1', PageCount: 1, PageSizes: [], Rules: null }],
};

let server: TestHttpServer | undefined;
afterEach(async () => {
  setViewport(1024);
  await server?.close();
  server = undefined;
});

async function open() {
  localStorage.setItem(authStorageKey, 'token-1');
  server = await startTestHttpServer((request, response) => {
    const path = pathOf(request.url);
    if (path === '/v2/user') return sendJson(response, 200, authStateFor());
    if (path === '/v2/linktinker/links/doc_template1/preview') return sendJson(response, 200, preview);
    if (path === '/v2/linktinker/links/doc_template1/access/preview') return sendJson(response, 200, access);
    return sendJson(response, 404, { code: 'NOT_FOUND', message: 'no' });
  });
  // SPEC section 2: the id is the last segment, however deep.
  renderAppAt('#/preview/templates/doc_template1', { apiBaseUrl: server.apiBase });
  return server.requests;
}

describe('/preview/{id} (the owner sees a template or public link as its recipient would)', () => {
  it.each([
    ['desktop', 1024],
    ['phone', 390],
  ])(
    'shows the recipient’s viewer under a banner that nothing is saved, and passes axe on a %s',
    {
      timeout: 30_000,
    },
    async (_name, width) => {
      setViewport(width);
      const requests = await open();
      expect(await screen.findByRole('heading', { name: 'Membership.pdf' }, firstScreen)).toBeTruthy();
      const banner = screen.getByText('Preview — nothing is saved.');
      expect(banner).toBeTruthy();
      expect(screen.getByText('This is how Membership looks to the person who opens it.')).toBeTruthy();
      await expectNoAxeViolations();
      // Only the preview's own calls: nothing of the recipient's signing, forms or visit count.
      const paths = requests.map((request) => pathOf(request.url)).filter((path) => path.includes('/links/'));
      expect(paths.every((path) => path.includes('/preview'))).toBe(true);
    },
  );

  it('shows the document as another role would see it', { timeout: 30_000 }, async () => {
    const requests = await open();
    await screen.findByRole('heading', { name: 'Membership.pdf' }, firstScreen);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'View as' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Witness' }));
    await waitFor(() => {
      const opened = requests.filter((request) => pathOf(request.url).endsWith('/access/preview'));
      expect(opened.map((request) => JSON.parse(request.body).SignatureIndex)).toEqual([0, 1]);
    });
  });

  it('names the page and says why when the preview is not there', { timeout: 30_000 }, async () => {
    localStorage.setItem(authStorageKey, 'token-1');
    server = await startTestHttpServer((request, response) => {
      if (pathOf(request.url) === '/v2/user') return sendJson(response, 200, authStateFor());
      return sendJson(response, 404, { code: 'NOT_FOUND', message: 'no', requestId: 'r' });
    });
    renderAppAt('#/preview/UNKNOWN1', { apiBaseUrl: server.apiBase });
    expect(await screen.findByRole('heading', { name: 'Link preview', level: 1 }, firstScreen)).toBeTruthy();
    expect(await screen.findByRole('alert')).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('takes the last segment of the path as the id', () => {
    expect(previewIdOf('templates/doc_1')).toBe('doc_1');
    expect(previewIdOf('ABC123/')).toBe('ABC123');
    expect(previewIdOf(undefined)).toBe('');
  });
});
