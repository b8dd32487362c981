import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../test/auth-fixtures.ts';
import { expectNoAxeViolations } from '../../../test/axe.ts';
import { draft, editorResponse } from '../../../test/editor-fixtures.ts';
import { renderAppWithoutPdfAt } from '../../../test/render-editor-app.tsx';
import { sendJson, startTestHttpServer } from '../../../test/test-http-server.ts';
import { authStorageKey } from '../../api/auth-store.ts';

const signatureField = {
  id: 'f_1',
  type: 'signature' as const,
  signatureIndex: 0,
  page: 1,
  x: 50,
  y: 600,
  width: 200,
  height: 60,
  required: true,
};

/** The signed-in Demo Admin's sign and send, against a server that answers the drafts, the editor, cost and send. */
async function open(hash: string, parties: (typeof draft)['Parties'] = []) {
  localStorage.setItem(authStorageKey, 'token-1');
  const project = { ...draft, Parties: parties };
  const server = await startTestHttpServer((request, response) => {
    const url = pathOf(request.url);
    if (url === '/v2/user') return sendJson(response, 200, authStateFor());
    if (url === '/v2/linktinker/projects')
      return sendJson(response, 200, {
        Projects: [{ Id: 'prj-1', Title: 'Lease 2026', FileCount: 1, Updated: '2026-11-20T10:00:00.000Z' }],
      });
    if (url === '/v2/linktinker/projects/prj-1') return sendJson(response, 200, project);
    if (url === '/v2/linktinker/files/file-1/editor')
      return sendJson(response, 200, {
        ...editorResponse,
        Project: project,
        File: { ...editorResponse.File, Rules: { fields: [signatureField], access: {} } },
      });
    if (url === '/v2/linktinker/files/file-1/rules') return sendJson(response, 200, {});
    if (url === '/v2/linktinker/links/cost')
      return sendJson(response, 200, {
        Currency: 'SEK',
        Lines: [{ Kind: 'signature-e-signature', Quantity: 1, UnitMinor: 500, AmountMinor: 500 }],
        TotalMinor: 500,
        BalanceMinor: 125_000,
        IsCovered: true,
        Problems: [],
      });
    if (url === '/v2/linktinker/links')
      return sendJson(response, 200, {
        DocumentId: 'doc-9',
        Links: [{ Code: 'ABCD2345', PartyId: 'pty-1', Url: 'https://signlink.test/ABCD2345' }],
        ReservedMinor: 500,
        Currency: 'SEK',
      });
    sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
  renderAppWithoutPdfAt(hash, { apiBaseUrl: server.apiBase });
  return server.requests;
}

const bodyOf = (requests: { method: string; url: string; body: string }[], method: string, path: string) => {
  const found = requests.filter((request) => request.method === method && pathOf(request.url) === path).at(-1);
  return found ? JSON.parse(found.body) : undefined;
};

describe('/sign-and-send (issue 24, part 5)', () => {
  it('offers the upload and the drafts, each opening in sign and send mode, and passes axe', {
    timeout: 20_000,
  }, async () => {
    await open('#/sign-and-send');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign and send' })).toBeTruthy();
    const draftLink = await screen.findByRole('link', { name: /Lease 2026/ });
    expect(draftLink.getAttribute('href')).toBe('#/create/prj-1?mode=sign-and-send');
    expect(screen.getByLabelText('Choose a PDF', { selector: 'input' })).toBeTruthy();
    await expectNoAxeViolations();
  });

  it('makes the sender the first party, sends with SignFirst and opens their own link to sign', {
    timeout: 25_000,
  }, async () => {
    const requests = await open('#/create/prj-1?mode=sign-and-send');
    const party = within(await screen.findByRole('region', { name: 'Demo Admin' }));
    expect(party.getByRole('combobox', { name: 'E-mail address' })).toHaveProperty('value', 'demo@signlink.test');
    expect(screen.getByText(/You are the first party and sign first/)).toBeTruthy();
    await waitFor(() =>
      expect(bodyOf(requests, 'PUT', '/v2/linktinker/projects/prj-1')?.Parties).toEqual([
        expect.objectContaining({ SignatureIndex: 0, Name: 'Demo Admin', Email: 'demo@signlink.test' }),
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Review and send' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Review and send' }));
    await dialog.findByRole('table', { name: 'Cost' });
    await expectNoAxeViolations();
    fireEvent.click(dialog.getByRole('button', { name: 'Sign and send' }));
    await waitFor(() => expect(window.location.hash).toBe('#/?link=ABCD2345'));
    expect(bodyOf(requests, 'POST', '/v2/linktinker/links')).toEqual({ ProjectId: 'prj-1', SignFirst: true });
  });

  it('lets the sender take the first place from someone else', { timeout: 20_000 }, async () => {
    await open('#/create/prj-1?mode=sign-and-send', [
      {
        SignatureIndex: 0,
        Name: 'Anna Andersson',
        Email: 'anna@example.com',
        InvitationMethod: 'email',
        SignatureType: 'e-signature',
        GetPaid: false,
      },
    ]);
    expect(await screen.findByText(/The first party is someone else/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use my details' }));
    const party = within(await screen.findByRole('region', { name: 'Demo Admin' }));
    expect(party.getByRole('combobox', { name: 'E-mail address' })).toHaveProperty('value', 'demo@signlink.test');
    expect(screen.queryByText(/The first party is someone else/)).toBeNull();
  });
});
