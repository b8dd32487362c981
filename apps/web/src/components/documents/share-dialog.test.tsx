import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pathOf } from '../../../test/auth-fixtures.ts';
import { documentOf, startDocumentsServer } from '../../../test/document-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { sendJson } from '../../../test/test-http-server.ts';

const links = {
  Links: [
    { Code: 'ANNA1234', PartyId: 'party-anna', SignatureIndex: 0, Status: 'active', Url: 'https://x.test/ANNA1234' },
    { Code: 'BO123456', PartyId: 'party-bo', SignatureIndex: 1, Status: 'active', Url: 'https://x.test/BO123456' },
  ],
};

/** The overview's sharing dialog over real HTTP; `share` answers `POST errands/doc-1/share`. */
async function openShareDialog(share: (body: { to: string; channel: string }) => [number, unknown]) {
  const server = await startDocumentsServer((request, response) => {
    const path = pathOf(request.url);
    if (request.method === 'GET' && path === '/v2/linktinker/errands/doc-1') {
      sendJson(response, 200, documentOf());
      return true;
    }
    if (path === '/v2/linktinker/projects/doc-1/links') {
      sendJson(response, 200, links);
      return true;
    }
    if (request.method === 'POST' && path === '/v2/linktinker/errands/doc-1/share') {
      const [status, body] = share(JSON.parse(request.body));
      sendJson(response, status, body);
      return true;
    }
  });
  renderAppAt('#/document/doc-1', { apiBaseUrl: server.apiBase });
  await screen.findByRole('heading', { name: 'Rental agreement', level: 1 });
  fireEvent.click(screen.getByRole('button', { name: 'Share' }));
  const dialog = within(await screen.findByRole('dialog'));
  return { server, section: within(await dialog.findByRole('region', { name: 'Link for Bo Berg' })) };
}

describe('the sharing dialog (SPEC section 2: SMS, e-mail or public link)', () => {
  it("has the service e-mail a party's link and says where it went", { timeout: 15_000 }, async () => {
    const { server, section } = await openShareDialog((body) => [
      200,
      { signatureIndex: 1, channel: body.channel, to: body.to.trim().toLowerCase() },
    ]);
    expect(section.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    const send = section.getByRole('button', { name: 'Send by e-mail' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(section.getByLabelText('Send to e-mail address'), { target: { value: 'Friend@Example.com' } });
    fireEvent.click(send);
    expect((await section.findByRole('status')).textContent).toBe('Sent to friend@example.com.');
    const call = server.requests.find((request) => request.url.endsWith('/errands/doc-1/share'));
    expect(JSON.parse(call?.body ?? '{}')).toEqual({ signatureIndex: 1, channel: 'email', to: 'Friend@Example.com' });
  });

  it("shows the catalogue's reason when the SMS cannot be sent", { timeout: 15_000 }, async () => {
    const { section } = await openShareDialog(() => [
      403,
      { code: 'ADDON_REQUIRED', message: 'no', requestId: 'r', details: { addOn: 'sms-invitation' } },
    ]);
    fireEvent.change(section.getByLabelText('Send to mobile number'), { target: { value: '0701234567' } });
    fireEvent.click(section.getByRole('button', { name: 'Send by SMS' }));
    await waitFor(() => expect(section.getByRole('alert').textContent).toContain('needs the matching add-on'));
    expect(section.queryByRole('status')).toBeNull();
  });
});
