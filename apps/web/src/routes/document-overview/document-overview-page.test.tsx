import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pathOf } from '../../../test/auth-fixtures.ts';
import { answerDocumentFlag, documentOf, partyOf, startDocumentsServer } from '../../../test/document-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { sendJson } from '../../../test/test-http-server.ts';
import type { DocumentDetail } from '../../api/documents-api.ts';
import { formatDateTime } from '../../components/documents/format-date.ts';

const anna = partyOf({ Delivery: 'bounced', RemindersLeft: 0 });
const bo = partyOf({ Id: 'party-bo', SignatureIndex: 1, Name: 'Bo Berg', Email: 'bo@example.com', Delivery: 'queued' });
const cia = partyOf({
  Id: 'party-cia',
  SignatureIndex: 2,
  Name: 'Cia Ceder',
  Email: null,
  Phone: '+46701234567',
  InvitationMethod: 'sms',
  Signed: true,
  SignedAt: '2026-11-21T09:30:00.000Z',
  Opened: true,
});
const history: DocumentDetail['History'] = [
  { Type: 'created', At: '2026-11-20T08:00:00.000Z', PartyId: null, PartyName: null, Details: {} },
  {
    Type: 'sent',
    At: '2026-11-20T08:05:00.000Z',
    PartyId: 'party-cia',
    PartyName: 'Cia Ceder',
    Details: { channels: ['sms'] },
  },
  { Type: 'opened', At: '2026-11-20T09:00:00.000Z', PartyId: 'party-cia', PartyName: 'Cia Ceder', Details: {} },
  {
    Type: 'signed',
    At: '2026-11-21T09:30:00.000Z',
    PartyId: 'party-cia',
    PartyName: 'Cia Ceder',
    Details: { method: 'ink', appearance: 'typed' },
  },
  {
    Type: 'contact-corrected',
    At: '2026-11-22T10:00:00.000Z',
    PartyId: 'party-bo',
    PartyName: 'Bo Berg',
    Details: { previousEmail: 'bo@exampel.com', email: 'bo@example.com' },
  },
  {
    Type: 'access-level-changed',
    At: '2026-11-22T11:00:00.000Z',
    PartyId: null,
    PartyName: null,
    Details: { accessLevel: 'shared' },
  },
  { Type: 'handled', At: '2026-11-22T12:00:00.000Z', PartyId: null, PartyName: null, Details: { handled: true } },
  { Type: 'reminder', At: '2026-11-22T13:00:00.000Z', PartyId: 'party-bo', PartyName: 'Bo Berg', Details: {} },
  { Type: 'paid', At: '2026-11-22T14:00:00.000Z', PartyId: 'party-cia', PartyName: 'Cia Ceder', Details: {} },
  { Type: 'completed-and-sealed', At: '2026-11-22T15:00:00.000Z', PartyId: null, PartyName: null, Details: {} },
  { Type: 'withdrawn', At: '2026-11-22T16:00:00.000Z', PartyId: null, PartyName: null, Details: {} },
  { Type: 'automatic-expiration', At: '2026-11-22T17:00:00.000Z', PartyId: null, PartyName: null, Details: {} },
  { Type: 'attachment-uploaded', At: '2026-11-22T18:00:00.000Z', PartyId: null, PartyName: null, Details: {} },
];
const document = documentOf({ IsLate: true, Parties: [anna, bo, cia], History: history });

/** /document/doc-1 over a real HTTP server answering ZDocumentDetail; `answers` overrides an action's answer. */
async function openOverview(answers: Record<string, [number, unknown]> = {}, hash = '#/document/doc-1') {
  const server = await startDocumentsServer((request, response) => {
    const path = pathOf(request.url);
    const answer = answers[`${request.method} ${path}`];
    if (answer) {
      sendJson(response, answer[0], answer[1]);
      return true;
    }
    if (request.method === 'GET' && path === '/v2/linktinker/errands/doc-1') {
      sendJson(response, 200, document);
      return true;
    }
    if (path === '/v2/linktinker/errands/doc-1/sendreminders') {
      sendJson(response, 200, { Reminded: ['party-bo'] });
      return true;
    }
    return answerDocumentFlag(request, response, document);
  });
  renderAppAt(hash, { apiBaseUrl: server.apiBase });
  await screen.findByRole('heading', { name: 'Rental agreement', level: 1 });
  return server.requests;
}

const partyItem = (name: string) => within(screen.getByRole('listitem', { name }));

describe('/document/:id (SPEC section 2: overview with history timeline)', () => {
  it("shows the status, the late warning and each party's delivery, opened and signed state", {
    timeout: 15_000,
  }, async () => {
    await openOverview();
    expect(screen.getAllByText('Awaiting signatures').length).toBeGreaterThan(0);
    expect(screen.getByText(/sent at least 7 days ago and still awaits signatures/)).toBeTruthy();
    expect(partyItem('Anna Andersson').getByText('Invitation bounced')).toBeTruthy();
    expect(partyItem('Bo Berg').getByText('Invitation queued')).toBeTruthy();
    expect(partyItem('Cia Ceder').getByText('Opened')).toBeTruthy();
    expect(
      partyItem('Cia Ceder').getByText(`Signed ${formatDateTime('2026-11-21T09:30:00.000Z', 'en-us')}`),
    ).toBeTruthy();
    // A signed party needs no reminder or correction; one with no reminders left cannot be reminded.
    expect(partyItem('Cia Ceder').queryByRole('button', { name: 'Send reminder to Cia Ceder' })).toBeNull();
    expect(
      (
        partyItem('Anna Andersson').getByRole('button', {
          name: 'Send reminder to Anna Andersson',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
    expect(screen.getByText('agreement.pdf')).toBeTruthy();
  });

  it("labels every history event, at its time in the reader's locale", { timeout: 15_000 }, async () => {
    await openOverview();
    const timeline = within(screen.getByRole('list', { name: 'History' }));
    const items = timeline.getAllByRole('listitem').map((item) => item.textContent);
    expect(items[0]).toBe(`Created${formatDateTime('2026-11-20T08:00:00.000Z', 'en-us')}`);
    expect(items[1]).toBe(`Sent · Cia Ceder${formatDateTime('2026-11-20T08:05:00.000Z', 'en-us')} · SMS`);
    expect(items[4]).toContain('Contact details corrected · Bo Berg');
    expect(items[4]).toContain('bo@exampel.com → bo@example.com');
    expect(items[5]).toContain('Access changed');
    expect(items[5]).toContain('now shared with the company');
    expect(items[6]).toContain('Marked as handled');
    // How the party signed, as the audit trail says it.
    expect(items.find((item) => item?.startsWith('Signed · Cia Ceder'))).toContain('e-signature, typed');
    for (const label of [
      'Opened',
      'Signed',
      'Reminder sent',
      'Paid',
      'Completed and sealed',
      'Withdrawn',
      'Expired automatically',
      'Attachment uploaded',
    ]) {
      expect(
        items.some((item) => item?.startsWith(label)),
        label,
      ).toBe(true);
    }
    const time = screen.getAllByText((_text, element) => element?.tagName === 'TIME')[0];
    expect(time?.getAttribute('datetime')).toBe('2026-11-20T08:00:00.000Z');
  });

  it('reminds one party, and everyone', { timeout: 15_000 }, async () => {
    const requests = await openOverview();
    fireEvent.click(partyItem('Bo Berg').getByRole('button', { name: 'Send reminder to Bo Berg' }));
    expect((await screen.findByRole('status')).textContent).toContain('A reminder was sent to Bo Berg.');
    const one = requests.filter((request) => request.url.endsWith('/sendreminders'));
    expect(JSON.parse(one[0]?.body ?? '')).toEqual({ PartyIds: ['party-bo'] });
    fireEvent.click(screen.getByRole('button', { name: 'Remind everyone' }));
    await waitFor(() => expect(requests.filter((request) => request.url.endsWith('/sendreminders'))).toHaveLength(2));
    expect(JSON.parse(requests.filter((request) => request.url.endsWith('/sendreminders'))[1]?.body ?? '')).toEqual({});
    expect(await screen.findByText('A reminder about “Rental agreement” was sent to 1 party.')).toBeTruthy();
  });

  it('says why a reminder was refused (REMINDER_LIMIT_REACHED)', { timeout: 15_000 }, async () => {
    await openOverview({
      'POST /v2/linktinker/errands/doc-1/sendreminders': [
        429,
        { code: 'REMINDER_LIMIT_REACHED', message: 'x', requestId: 'r' },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remind everyone' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The reminder limit is reached.');
  });

  it('corrects a contact in its dialog, and shows a refusal there', { timeout: 15_000 }, async () => {
    const requests = await openOverview({
      'PUT /v2/linktinker/errands/doc-1/contactdetails': [
        409,
        { code: 'CONTACT_UPDATE_LIMIT_REACHED', message: 'x', requestId: 'r' },
      ],
    });
    fireEvent.click(partyItem('Bo Berg').getByRole('button', { name: 'Correct contact details of Bo Berg' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Correct contact details of Bo Berg' }));
    expect(dialog.getByText(/3 corrections left for this party/)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('E-mail address'), { target: { value: 'bo.berg@example.com' } });
    fireEvent.change(dialog.getByLabelText('Mobile number'), { target: { value: '+46709876543' } });
    fireEvent.mouseDown(dialog.getByRole('combobox', { name: 'Send the invitation by' }));
    fireEvent.click(await screen.findByRole('option', { name: 'E-mail and SMS' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save and send again' }));
    expect((await dialog.findByRole('alert')).textContent).toContain('The limit for contact updates is reached.');
    const put = requests.find((request) => request.url.endsWith('/contactdetails'));
    expect(JSON.parse(put?.body ?? '')).toEqual({
      PartyId: 'party-bo',
      Email: 'bo.berg@example.com',
      Phone: '+46709876543',
      InvitationMethod: 'email-and-sms',
    });
  });

  it('switches the access level, archives, and withdraws after a yes', { timeout: 15_000 }, async () => {
    const requests = await openOverview();
    fireEvent.click(screen.getByRole('switch', { name: 'Shared with the company' }));
    expect((await screen.findByRole('status')).textContent).toContain('now shared with the company');
    expect(JSON.parse(requests.find((request) => request.url.endsWith('/accesslevel'))?.body ?? '')).toEqual({
      AccessLevel: 'shared',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Rental agreement' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    await waitFor(() => expect(requests.some((request) => request.url.endsWith('/archive'))).toBe(true));
    // The first menu closes with a transition; a click while it is still leaving lands on its backdrop.
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Rental agreement' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Withdraw' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Withdraw the document?' }));
    expect(confirm.getByText(/cannot be undone/)).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(requests.some((request) => request.url.endsWith('/disable'))).toBe(true));
  });

  it('says a document that is not there (NOT_FOUND)', { timeout: 15_000 }, async () => {
    const server = await startDocumentsServer(() => undefined);
    renderAppAt('#/document/missing', { apiBaseUrl: server.apiBase });
    expect((await screen.findByRole('alert')).textContent).toContain('What you are looking for could not be found.');
  });
});

describe('/report/:id', () => {
  it('prints the title, status, parties and history with times', { timeout: 15_000 }, async () => {
    const server = await startDocumentsServer((request, response) => {
      if (pathOf(request.url) !== '/v2/linktinker/errands/doc-1') return false;
      sendJson(response, 200, document);
      return true;
    });
    renderAppAt('#/report/doc-1', { apiBaseUrl: server.apiBase });
    expect(await screen.findByRole('heading', { name: 'Report: Rental agreement' })).toBeTruthy();
    const parties = within(screen.getByRole('table', { name: 'Parties' }));
    expect(parties.getByText('+46701234567')).toBeTruthy();
    const events = within(screen.getByRole('table', { name: 'History' }));
    expect(events.getByText(formatDateTime('2026-11-22T12:00:00.000Z', 'en-us'))).toBeTruthy();
    expect(events.getByText('Marked as handled')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  });
});
