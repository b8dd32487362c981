import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessFixture } from '../../../test/recipient-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../test/test-http-server.ts';

const details = {
  Code: 'ABC123',
  PreviewCode: null,
  LinkName: 'Lease 2027',
  Language: 'en-us',
  OwnerData: {
    LogoUrl: 'https://cdn.example.com/acme.png',
    ConsentMessage: null as string | null,
    CompanyName: 'Sender AB',
    PrivacyUrl: 'https://sender.example.com/privacy',
  },
  RequireBankID: false,
  RequireSMS: false,
  RequireEmail: false,
  PhoneNumberMasked: null,
  EmailAddressMasked: null,
  AllowAlternativeDownload: true,
};
const consent = {
  ...details,
  Code: 'CONSENT1',
  OwnerData: {
    ...details.OwnerData,
    ConsentMessage: btoa(
      'Do you agree? Read https://sender.example.com/terms and [our notice](https://sender.example.com/notice). [Win](javascript:alert(1))',
    ),
  },
};
const emailGate = { ...details, Code: 'EMAILGATE', RequireEmail: true, EmailAddressMasked: 'a***@example.com' };
const access = {
  ...accessFixture,
  Documents: [{ Title: 'Lease 2027.pdf', Code: 'F1', PageCount: 1, PageSizes: [], Rules: null }],
};

/** Link details and access as the server answers them: live links, one recalled, one withdrawn, any other unknown. */
let server: TestHttpServer;
beforeAll(async () => {
  server = await startTestHttpServer(
    (request, response) => {
      const path = new URL(request.url, 'http://localhost').pathname;
      const id = /\/linktinker\/links\/([A-Z0-9]+)/.exec(path)?.[1];
      if (path.endsWith('/access') || path.endsWith('/count')) return sendJson(response, 200, access);
      if (id === 'ABC123') return sendJson(response, 200, details);
      if (id === 'CONSENT1') return sendJson(response, 200, consent);
      if (id === 'EMAILGATE') return sendJson(response, 200, emailGate);
      if (id === 'RECALLED1')
        return sendJson(response, 410, { code: 'LINK_RECALLED', message: 'x', requestId: 'req-1' });
      if (id === 'WITHDRAWN1') {
        return sendJson(response, 410, { code: 'DOCUMENT_WITHDRAWN', message: 'x', requestId: 'req-3' });
      }
      return sendJson(response, 404, { code: 'INVALID_LINK', message: 'invalid', requestId: 'req-2' });
    },
    { forWholeFile: true },
  );
});
afterAll(() => server.close());

const requestsTo = (suffix: string) => server.requests.filter((request) => request.url.endsWith(suffix));

describe('the recipient page (SPEC sections 2 and 4)', () => {
  it('opens a link without a gate: details (id upper-cased), access, the owner’s header; the visit counted once', async () => {
    const { unmount } = renderAppAt('#/?link=abc123', { apiBaseUrl: server.apiBase });
    expect(await screen.findByRole('heading', { name: 'Lease 2027.pdf' })).toBeTruthy();
    expect(requestsTo('/linktinker/links/ABC123')).toHaveLength(1);
    expect(JSON.parse(requestsTo('/ABC123/access')[0]?.body ?? '{}')).toMatchObject({ linkID: 'ABC123' });
    const header = screen.getByRole('banner');
    expect(
      within(header)
        .getByRole('img', { name: /Sender AB/ })
        .getAttribute('src'),
    ).toBe('https://cdn.example.com/acme.png');
    // Beside the logo on a wide screen, on a line of its own on a phone (the other one hidden by CSS).
    expect(within(header).getAllByText('Sender AB')).toHaveLength(2);
    unmount();
    renderAppAt('#/?link=ABC123', { apiBaseUrl: server.apiBase });
    await screen.findByRole('heading', { name: 'Lease 2027.pdf' });
    const counts = requestsTo('/ABC123/count');
    expect(counts).toHaveLength(1);
    expect(JSON.parse(counts[0]?.body ?? '{}')).toEqual({ LinkId: 'ABC123', IsIe: false });
  });

  it('close shows "you can now close this window"', async () => {
    renderAppAt('#/?link=abc123', { apiBaseUrl: server.apiBase });
    await screen.findByRole('heading', { name: 'Lease 2027.pdf' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close the document' }));
    expect(await screen.findByRole('heading', { name: 'You can now close this window' })).toBeTruthy();
  });

  it('the consent message must be accepted; declining leaves a page with a way back', async () => {
    renderAppAt('#/?link=consent1', { apiBaseUrl: server.apiBase });
    const user = userEvent.setup();
    let dialog = await screen.findByRole('dialog', { name: 'A message from Sender AB' });
    expect(within(dialog).getByRole('link', { name: 'https://sender.example.com/terms' })).toBeTruthy();
    // SPEC section 5's bracketed links, in a new tab; a script address stays text.
    const notice = within(dialog).getByRole('link', { name: 'our notice' });
    expect([notice.getAttribute('href'), notice.getAttribute('target')]).toEqual([
      'https://sender.example.com/notice',
      '_blank',
    ]);
    expect(within(dialog).queryByRole('link', { name: /Win/ })).toBeNull();
    expect(within(dialog).getByText(/\[Win\]\(javascript:alert\(1\)\)/)).toBeTruthy();
    // The dialog hides the header: its language and privacy information are in the dialog too.
    expect(within(dialog).getByRole('button', { name: 'Privacy' })).toBeTruthy();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Language' }), 'es');
    dialog = await screen.findByRole('dialog', { name: 'Un mensaje de Sender AB' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Idioma' }), 'en-us');
    dialog = await screen.findByRole('dialog', { name: 'A message from Sender AB' });
    expect(requestsTo('/CONSENT1/access')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('heading', { name: 'You need to accept the message to continue' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Read the message again' }));
    await user.click(await screen.findByRole('button', { name: 'I accept' }));
    expect(await screen.findByRole('heading', { name: 'Lease 2027.pdf' })).toBeTruthy();
    expect(requestsTo('/CONSENT1/access')).toHaveLength(1);
  });

  it('an e-mail gate opens its dialog with the masked address, behind it the document’s name', async () => {
    renderAppAt('#/?link=emailgate', { apiBaseUrl: server.apiBase });
    const dialog = await screen.findByRole('dialog', { name: 'Verify with e-mail' });
    expect(dialog.textContent).toContain('a***@example.com');
    expect(screen.getByRole('heading', { name: 'Lease 2027', hidden: true })).toBeTruthy();
    expect(requestsTo('/EMAILGATE/access')).toHaveLength(0);
  });

  it('privacy information: the owner’s policy and our privacy page in a 480 px frame', async () => {
    renderAppAt('#/?link=abc123', { apiBaseUrl: server.apiBase });
    await screen.findByRole('heading', { name: 'Lease 2027.pdf' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Privacy' }));
    // Its code loads when first asked for.
    const dialog = await screen.findByRole('dialog', { name: 'Privacy information' });
    expect(
      within(dialog).getByRole('link', { name: 'Read the privacy policy of Sender AB' }).getAttribute('href'),
    ).toBe('https://sender.example.com/privacy');
    const frame = within(dialog).getByTitle('Privacy notice of Signlink');
    expect(frame.getAttribute('src')).toBe('/privacy.html?brand=signlink&lang=en-us');
  });

  it('the cookie banner’s privacy centre names the sender’s policy too, and leads to the cookie settings', async () => {
    localStorage.clear();
    const user = userEvent.setup();
    renderAppAt('#/?link=abc123', { apiBaseUrl: server.apiBase });
    await screen.findByRole('heading', { name: 'Lease 2027.pdf' });
    const banner = screen.getByRole('region', { name: 'Cookies and storage in your browser' });
    await user.click(within(banner).getByRole('button', { name: 'Privacy centre' }));
    const centre = await screen.findByRole('dialog', { name: 'Privacy information' });
    expect(within(centre).getByRole('link', { name: 'Read the privacy policy of Sender AB' })).toBeTruthy();
    await user.click(within(centre).getByRole('button', { name: 'Change cookie settings' }));
    expect(await screen.findByRole('dialog', { name: 'Cookie settings' })).toBeTruthy();
  });

  it('says a recalled link (410) has been recalled, in its title', async () => {
    renderAppAt('#/?link=recalled1', { apiBaseUrl: server.apiBase });
    expect(await screen.findByRole('dialog', { name: 'The link has been recalled' })).toBeTruthy();
    expect(screen.getByText('The link has been recalled by its owner.')).toBeTruthy();
    // A reload would only say it again.
    expect(screen.queryByRole('button', { name: 'Reload the page' })).toBeNull();
  });

  it('says a withdrawn document has been withdrawn', async () => {
    renderAppAt('#/?link=withdrawn1', { apiBaseUrl: server.apiBase });
    expect(await screen.findByRole('dialog', { name: 'The document has been withdrawn' })).toBeTruthy();
    expect(screen.getByText('The document has been withdrawn by its owner.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reload the page' })).toBeNull();
  });

  it('calls any other failure an incorrect link', async () => {
    renderAppAt('#/?link=nosuchlink', { apiBaseUrl: server.apiBase });
    expect(await screen.findByRole('dialog', { name: 'Something went wrong' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('The link is invalid or has no valid document.')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
  });
});
