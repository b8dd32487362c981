import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../../test/auth-fixtures.ts';
import { editorResponse, draft as testDraft } from '../../../../test/editor-fixtures.ts';
import { renderAppWithoutPdfAt } from '../../../../test/render-editor-app.tsx';
import { sendJson, startTestHttpServer } from '../../../../test/test-http-server.ts';
import { authStorageKey } from '../../../api/auth-store.ts';

interface Answers {
  draft?: typeof testDraft;
  cost?: unknown;
  send?: { status: number; body: unknown };
}

/** /create/prj-1 against a server that keeps what the editor saves and answers cost and send as told. */
async function open(answers: Answers = {}) {
  localStorage.setItem(authStorageKey, 'token-1');
  const draft = answers.draft ?? testDraft;
  const server = await startTestHttpServer((request, response) => {
    const url = pathOf(request.url);
    if (url === '/v2/user') return sendJson(response, 200, authStateFor());
    if (url === '/v2/linktinker/projects/prj-1' && request.method === 'GET') return sendJson(response, 200, draft);
    if (url === '/v2/linktinker/projects/prj-1') return sendJson(response, 200, draft);
    if (url === '/v2/linktinker/files/file-1/editor')
      return sendJson(response, 200, { ...editorResponse, Project: draft });
    if (url === '/v2/linktinker/files/file-1/rules') return sendJson(response, 200, {});
    if (url === '/v2/linktinker/links/cost') return sendJson(response, 200, answers.cost);
    if (url === '/v2/linktinker/links' && answers.send)
      return sendJson(response, answers.send.status, answers.send.body);
    sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
  renderAppWithoutPdfAt('#/create/prj-1', { apiBaseUrl: server.apiBase });
  await screen.findByRole('textbox', { name: 'Document name' });
  return server.requests;
}

const lastBody = (requests: { method: string; url: string; body: string }[], method: string, path: string) => {
  const found = requests.filter((request) => request.method === method && pathOf(request.url) === path).at(-1);
  return found ? JSON.parse(found.body) : undefined;
};

const anna = {
  SignatureIndex: 0,
  Name: 'Anna Andersson',
  Email: 'anna@example.com',
  InvitationMethod: 'email' as const,
  SignatureType: 'bankid' as const,
  GetPaid: false,
};

const cost = (isCovered: boolean) => ({
  Currency: 'SEK',
  Lines: [
    { Kind: 'signature-bankid', Quantity: 1, UnitMinor: 1500, AmountMinor: 1500 },
    { Kind: 'sms-message', Quantity: 2, UnitMinor: 75, AmountMinor: 150 },
  ],
  TotalMinor: 1650,
  BalanceMinor: isCovered ? 125_000 : 1000,
  IsCovered: isCovered,
  Problems: [],
});

describe('the field editor (issue 6 parts 2 and 3)', () => {
  it('adds a party, places and adopts fields for it, nudges one, and saves both', { timeout: 40_000 }, async () => {
    const requests = await open();
    expect(screen.getByTestId('page-canvas-1')).toBeTruthy();
    // The screen's one heading, for screen readers and for focus after navigation.
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([
      'Edit document',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Add party' }));
    const party = within(screen.getByRole('region', { name: 'Party 1' }));
    fireEvent.change(party.getByRole('combobox', { name: 'Name' }), { target: { value: 'Anna Andersson' } });
    fireEvent.change(party.getByRole('combobox', { name: 'E-mail address' }), {
      target: { value: 'anna@example.com' },
    });
    fireEvent.mouseDown(party.getByRole('combobox', { name: 'Invitation by' }));
    fireEvent.click(await screen.findByRole('option', { name: 'E-mail and SMS' }));

    await waitFor(() =>
      expect(lastBody(requests, 'PUT', '/v2/linktinker/projects/prj-1')?.Parties).toEqual([
        {
          SignatureIndex: 0,
          Name: 'Anna Andersson',
          Email: 'anna@example.com',
          InvitationMethod: 'email-and-sms',
          SignatureType: 'e-signature',
          GetPaid: false,
        },
      ]),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Signature' }));
    const field = await screen.findByRole('button', { name: 'Signature for Anna Andersson, page 1' });
    const properties = within(screen.getByRole('complementary', { name: 'Selected field' }));
    const left = properties.getByRole('textbox', { name: 'From left' }) as HTMLInputElement;
    const x = Number(left.value);
    fireEvent.keyDown(field, { key: 'ArrowRight' });
    fireEvent.keyDown(field, { key: 'ArrowDown', shiftKey: true });
    await waitFor(() => expect(Number(left.value)).toBe(x + 1));
    fireEvent.change(properties.getByRole('textbox', { name: 'Width' }), { target: { value: '200' } });
    fireEvent.keyDown(properties.getByRole('textbox', { name: 'Width' }), { key: 'Enter' });

    fireEvent.click(screen.getByRole('button', { name: 'Use the field Buyer' }));
    await waitFor(() => {
      const fields = lastBody(requests, 'POST', '/v2/linktinker/files/file-1/rules')?.Fields;
      expect(fields).toHaveLength(2);
      expect(fields[0]).toMatchObject({ type: 'signature', signatureIndex: 0, page: 1, x: x + 1, width: 200 });
      expect(fields[1]).toMatchObject({ type: 'text', signatureIndex: 0, pdfFieldName: 'Buyer', x: 50, y: 100 });
    });
    expect(screen.getByRole('button', { name: 'Use the field Buyer' }).textContent).toBe('In use');
  });

  it('keeps the document settings, the access level and the message', { timeout: 30_000 }, async () => {
    const requests = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Document settings' }));
    expect((dialog.getByRole('checkbox', { name: 'Allow printing' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(dialog.getByRole('checkbox', { name: 'Allow printing' }));
    fireEvent.click(dialog.getByRole('checkbox', { name: 'Hide personal identity numbers' }));
    fireEvent.click(dialog.getByRole('radio', { name: 'Everyone in the account (shared)' }));
    fireEvent.change(dialog.getByRole('textbox', { name: 'Message to all parties' }), {
      target: { value: 'Please sign by Friday.' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(lastBody(requests, 'PUT', '/v2/linktinker/projects/prj-1')).toMatchObject({
        Title: 'Agreement',
        AccessLevel: 'shared',
        Message: 'Please sign by Friday.',
        Settings: { allowPrinting: false, allowDownloading: true, hidePersonalNumber: true, embedVerification: true },
      }),
    );
  });

  it('prices the document and refuses to send what the balance does not cover', { timeout: 30_000 }, async () => {
    const requests = await open({ draft: { ...testDraft, Parties: [anna] }, cost: cost(false) });
    fireEvent.click(screen.getByRole('button', { name: 'Review and send' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Review and send' }));
    const table = within(await dialog.findByRole('table', { name: 'Cost' }));
    expect(table.getByRole('row', { name: /Signatures with BankID × 1 15.00 SEK/ })).toBeTruthy();
    expect(table.getByRole('row', { name: /SMS invitations × 2 1.50 SEK/ })).toBeTruthy();
    expect(table.getByRole('row', { name: /Total \(excluding VAT\) 16.50 SEK/ })).toBeTruthy();
    expect(table.getByRole('row', { name: /Your balance 10.00 SEK/ })).toBeTruthy();
    expect(dialog.getByRole('alert').textContent).toBe('Your balance is too low. Please top up. Top up');
    // The way out: Billing with the top-up open.
    expect(dialog.getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe('#/billing/balance?topup=1');
    expect((dialog.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    expect(lastBody(requests, 'POST', '/v2/linktinker/links/cost')).toEqual({ ProjectId: 'prj-1' });
  });

  it('lists the problems before Send, disables it, and prices only reachable parties', {
    timeout: 30_000,
  }, async () => {
    const wrong = { ...anna, Email: 'anna@invalid' };
    const requests = await open({
      draft: { ...testDraft, Parties: [wrong] },
      cost: {
        ...cost(true),
        Lines: [],
        TotalMinor: 0,
        Problems: [
          { code: 'invalid-email', path: 'Parties[0].Email', signatureIndex: 0 },
          { code: 'party-without-signature-field', path: 'Parties[0]', signatureIndex: 0 },
        ],
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Review and send' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Review and send' }));
    const problems = within(await dialog.findByRole('list', { name: 'What to fix' }));
    expect(problems.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      "Anna Andersson's e-mail address is not valid.",
      'Anna Andersson has no signature field: place one or remove the party.',
    ]);
    expect(
      within(dialog.getByRole('table', { name: 'Cost' })).getByRole('row', { name: /Total.*0.00 SEK/ }),
    ).toBeTruthy();
    expect((dialog.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(dialog.getByRole('button', { name: 'Back to the editor' }));
    const party = within(screen.getByRole('region', { name: 'Anna Andersson' }));
    expect(party.getByText("Anna Andersson's e-mail address is not valid.")).toBeTruthy();
    expect(party.getByText('This is not a valid e-mail address.')).toBeTruthy();
    expect(requests.some((request) => pathOf(request.url) === '/v2/linktinker/links')).toBe(false);
  });

  it('links a missing add-on to the Add-ons section of Billing', { timeout: 30_000 }, async () => {
    const texted = { ...anna, InvitationMethod: 'sms' as const, Phone: '070-123 45 67' };
    await open({
      draft: { ...testDraft, Parties: [texted] },
      cost: {
        ...cost(true),
        Problems: [{ code: 'add-on-required', path: 'Parties[0].InvitationMethod', signatureIndex: 0 }],
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Review and send' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Review and send' }));
    await dialog.findByRole('list', { name: 'What to fix' });
    expect(dialog.getByRole('link', { name: 'Buy add-ons' }).getAttribute('href')).toBe('#/billing/add-ons');
  });

  it("shows sending's problems in the dialog and at the party, until each is fixed", { timeout: 40_000 }, async () => {
    const texted = { ...anna, InvitationMethod: 'email-and-sms' as const, Phone: '+46 070 123' };
    await open({
      draft: { ...testDraft, Parties: [texted] },
      cost: cost(true),
      send: {
        status: 422,
        body: {
          code: 'DOCUMENT_INVALID',
          message: 'invalid',
          requestId: 'r',
          details: {
            problems: [
              { code: 'no-signature-field', path: 'Files' },
              { code: 'invalid-phone', path: 'Parties[0].Phone', signatureIndex: 0 },
              { code: 'party-without-signature-field', path: 'Parties[0]', signatureIndex: 0 },
            ],
          },
        },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Review and send' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Review and send' }));
    await dialog.findByRole('table', { name: 'Cost' });
    fireEvent.click(dialog.getByRole('button', { name: 'Send' }));
    const problems = within(await dialog.findByRole('list', { name: 'What to fix' }));
    expect(problems.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Place at least one signature field for a party with an e-mail address or mobile number.',
      "Anna Andersson's mobile number is not valid.",
      'Anna Andersson has no signature field: place one or remove the party.',
    ]);
    fireEvent.click(dialog.getByRole('button', { name: 'Back to the editor' }));
    const party = within(screen.getByRole('region', { name: 'Anna Andersson' }));
    expect(party.getByText("Anna Andersson's mobile number is not valid.")).toBeTruthy();
    expect(party.getByText('Anna Andersson has no signature field: place one or remove the party.')).toBeTruthy();

    // The check runs again on what the editor holds: a fixed problem goes at once, without sending again.
    fireEvent.change(party.getByRole('textbox', { name: 'Mobile number' }), { target: { value: '070-123 45 67' } });
    await waitFor(() => expect(party.queryByText("Anna Andersson's mobile number is not valid.")).toBeNull());
    expect(party.getByText('Anna Andersson has no signature field: place one or remove the party.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Signature' }));
    await screen.findByRole('button', { name: 'Signature for Anna Andersson, page 1' });
    expect(party.queryByRole('alert')).toBeNull();
  });

  it('opens the sent document once sending succeeds', { timeout: 30_000 }, async () => {
    await open({
      draft: { ...testDraft, Parties: [anna] },
      cost: cost(true),
      send: { status: 201, body: { DocumentId: 'doc-9', Links: [], ReservedMinor: 1650, Currency: 'SEK' } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Review and send' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Review and send' }));
    await dialog.findByRole('table', { name: 'Cost' });
    fireEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(window.location.hash).toBe('#/document/doc-9'));
  });
});
