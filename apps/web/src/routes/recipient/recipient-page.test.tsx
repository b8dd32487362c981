import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAppAt } from '../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../test/test-http-server.ts';

const details = {
  Code: 'ABC123',
  PreviewCode: null,
  LinkName: 'Lease 2027',
  Language: 'en-us',
  OwnerData: { LogoUrl: null, ConsentMessage: null, CompanyName: 'Sender AB', PrivacyUrl: null },
  RequireBankID: false,
  RequireSMS: false,
  RequireEmail: false,
  PhoneNumberMasked: null,
  EmailAddressMasked: null,
  AllowAlternativeDownload: true,
};

/** Link details as the server answers them: one live link, one recalled, any other unknown. */
let server: TestHttpServer;
beforeAll(async () => {
  server = await startTestHttpServer(
    (request, response) => {
      const path = new URL(request.url, 'http://localhost').pathname;
      if (path.endsWith('/linktinker/links/ABC123')) return sendJson(response, 200, details);
      if (path.endsWith('/linktinker/links/RECALLED1')) {
        return sendJson(response, 410, { code: 'LINK_RECALLED', message: 'recalled', requestId: 'req-1' });
      }
      return sendJson(response, 404, { code: 'INVALID_LINK', message: 'invalid', requestId: 'req-2' });
    },
    { forWholeFile: true },
  );
});
afterAll(() => server.close());

describe('the recipient page loads the link’s details first (SPEC section 4)', () => {
  it('names the document of a live link, its id upper-cased', async () => {
    renderAppAt('#/?link=abc123', { apiBaseUrl: server.apiBase });
    expect(await screen.findByRole('heading', { name: 'Lease 2027' })).toBeTruthy();
    expect(server.requests.some((request) => request.url.startsWith('/v2/linktinker/links/ABC123'))).toBe(true);
  });

  it('says a recalled link (410) has been recalled, in its title', async () => {
    renderAppAt('#/?link=recalled1', { apiBaseUrl: server.apiBase });
    expect(await screen.findByRole('dialog', { name: 'The link has been recalled' })).toBeTruthy();
    expect(screen.getByText('The link has been recalled by its owner.')).toBeTruthy();
  });

  it('calls any other failure an incorrect link', async () => {
    renderAppAt('#/?link=nosuchlink', { apiBaseUrl: server.apiBase });
    expect(await screen.findByRole('dialog', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('The link is invalid or has no valid document.')).toBeTruthy();
  });
});
