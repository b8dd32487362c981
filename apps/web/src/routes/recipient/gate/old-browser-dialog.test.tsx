import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../../test/axe.ts';
import { accessFixture } from '../../../../test/recipient-fixtures.ts';
import { renderAppAt } from '../../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../../test/test-http-server.ts';
import { useUserAgent } from '../../../../test/user-agent.ts';

const internetExplorer = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';

const detailsOf = (Code: string, AllowAlternativeDownload: boolean) => ({
  Code,
  PreviewCode: null,
  LinkName: 'Lease 2027',
  Language: 'en-us',
  OwnerData: { LogoUrl: null, ConsentMessage: null, CompanyName: 'Sender AB', PrivacyUrl: null },
  RequireBankID: false,
  RequireSMS: false,
  RequireEmail: false,
  PhoneNumberMasked: null,
  EmailAddressMasked: null,
  AllowAlternativeDownload,
});

/** DOWNLOAD1 offers the plain PDF, NODOWNLOAD1 does not, BROKEN001 fails to give its address. */
let server: TestHttpServer;
let answerDownload: (() => void) | undefined;
beforeAll(async () => {
  server = await startTestHttpServer(
    (request, response) => {
      const path = new URL(request.url, 'http://localhost').pathname;
      const id = /\/linktinker\/links\/([A-Z0-9]+)/.exec(path)?.[1] ?? '';
      if (path.endsWith('/access') || path.endsWith('/count')) return sendJson(response, 200, accessFixture);
      if (path.endsWith('/download')) {
        if (id === 'BROKEN001')
          return sendJson(response, 500, { code: 'UNEXPECTED_ERROR', message: 'x', requestId: 'r' });
        // Held until the test has seen the loading state.
        answerDownload = () =>
          sendJson(response, 200, { downloadUrl: `/v2/linktinker/links/${id}/file?t=1`, sealed: false });
        return;
      }
      return sendJson(response, 200, detailsOf(id, id !== 'NODOWNLOAD1'));
    },
    { forWholeFile: true },
  );
});
afterAll(() => server.close());

describe('the old-browser dialog (SPEC section 4, step 2)', () => {
  it('prepares the plain PDF, offers it, and says it is downloading', { timeout: 15_000 }, async () => {
    useUserAgent(internetExplorer);
    renderAppAt('#/?link=DOWNLOAD1', { apiBaseUrl: server.apiBase });
    const dialog = await screen.findByRole('dialog', { name: 'Your browser is not supported' });
    expect(within(dialog).getByRole('status').textContent).toBe('Preparing the PDF…');
    await expectNoAxeViolations();
    await new Promise<void>((resolve) => {
      const wait = () => (answerDownload ? resolve() : setTimeout(wait, 10));
      wait();
    });
    answerDownload?.();
    const download = await within(dialog).findByRole('link', { name: 'Download the PDF' });
    expect(download.getAttribute('href')).toMatch(/\/v2\/linktinker\/links\/DOWNLOAD1\/file\?t=1$/);
    expect(download.hasAttribute('download')).toBe(true);
    download.addEventListener('click', (event) => event.preventDefault());
    await userEvent.setup().click(download);
    expect(await within(dialog).findByText('The PDF is being downloaded.')).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('explains when the document offers no download', { timeout: 15_000 }, async () => {
    useUserAgent(internetExplorer);
    renderAppAt('#/?link=NODOWNLOAD1', { apiBaseUrl: server.apiBase });
    const dialog = await screen.findByRole('dialog', { name: 'Your browser is not supported' });
    expect(within(dialog).getByText('The sender has not made this document available for download here.')).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: 'Download the PDF' })).toBeNull();
  });

  it('gives the unexpected error when the download cannot be prepared (SPEC section 8)', {
    timeout: 15_000,
  }, async () => {
    useUserAgent(internetExplorer);
    renderAppAt('#/?link=BROKEN001', { apiBaseUrl: server.apiBase });
    const dialog = await screen.findByRole('dialog', { name: 'Your browser is not supported' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('An unexpected error occurred.');
    expect(within(dialog).queryByRole('link', { name: 'Download the PDF' })).toBeNull();
  });
});
