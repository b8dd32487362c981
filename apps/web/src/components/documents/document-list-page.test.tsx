import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pathOf } from '../../../test/auth-fixtures.ts';
import {
  answerDocumentFlag,
  documentOf,
  documentsOf,
  partyOf,
  queryOf,
  startDocumentsServer,
} from '../../../test/document-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { sendJson } from '../../../test/test-http-server.ts';

const late = documentOf({ Id: 'doc-late', Name: 'Late lease', IsLate: true });
const completed = documentOf({
  Id: 'doc-done',
  Name: 'Signed deal',
  Status: 'signed',
  Handled: true,
  Parties: [partyOf({ Signed: true, SignedAt: '2026-11-21T09:30:00.000Z' })],
});
// A colleague's shared document: this user may manage it but never holds its parties' links.
const colleagues = documentOf({ Id: 'doc-colleague', Name: "Colleague's lease", IsOwn: false, CanShare: false });

/** /sent over a real HTTP server answering ZDocumentsResponse; actions answer as the server does. */
async function openSent(hash = '#/sent') {
  const server = await startDocumentsServer((request, response) => {
    const path = pathOf(request.url);
    if (request.method === 'GET' && path === '/v2/linktinker/errands') {
      const query = queryOf(request);
      const list = query.box === 'inbox' ? [] : [late, completed];
      // A search also finds a colleague's shared document.
      const searched = [...list, ...(query.box === 'inbox' ? [] : [colleagues])];
      const matching = query.search ? searched.filter((document) => document.Name.includes(query.search ?? '')) : list;
      sendJson(response, 200, documentsOf(matching, query.box === 'inbox' ? 0 : 60));
      return true;
    }
    if (path === '/v2/linktinker/errands/doc-late/sendreminders') {
      sendJson(response, 429, { code: 'REMINDER_LIMIT_REACHED', message: 'limit', requestId: 'r' });
      return true;
    }
    return answerDocumentFlag(request, response, late) ?? answerDocumentFlag(request, response, completed);
  });
  renderAppAt(hash, { apiBaseUrl: server.apiBase });
  return server.requests;
}

const listRequests = (requests: { method: string; url: string }[]) =>
  requests.filter((request) => request.method === 'GET' && pathOf(request.url) === '/v2/linktinker/errands');

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

async function rowAction(name: string, action: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: action }));
}

describe('/sent (SPEC section 2: filters, sort, search, paging, per-document actions)', () => {
  it('lists each document with its status, late warning, parties and handled flag', { timeout: 15_000 }, async () => {
    const requests = await openSent();
    const list = within(await screen.findByRole('list', { name: 'Sent documents' }));
    expect(list.getByRole('link', { name: 'Late lease' }).getAttribute('href')).toBe('#/document/doc-late');
    expect(list.getAllByText('Awaiting signatures')).toHaveLength(1);
    expect(list.getByText('Late')).toBeTruthy();
    expect(list.getByText('Signed by all parties')).toBeTruthy();
    expect(list.getByText('Handled')).toBeTruthy();
    expect(list.getAllByLabelText('Anna Andersson has not signed yet')).toHaveLength(1);
    expect(list.getAllByLabelText('Bo Berg has signed')).toHaveLength(1);
    expect(screen.getByText('60 documents')).toBeTruthy();
    expect(queryOf(listRequests(requests)[0] ?? { url: '' })).toEqual({
      box: 'sent',
      sort: 'latest-activity',
      page: '1',
      pageSize: '25',
    });
  });

  it('puts the filters, sort, search and page into the query', { timeout: 15_000 }, async () => {
    const requests = await openSent();
    await screen.findByRole('list', { name: 'Sent documents' });
    await choose('Status', 'Awaiting payment');
    await waitFor(() => expect(queryOf(listRequests(requests).at(-1)).status).toBe('awaiting-payment'));
    await choose('Sent', 'At least 14 days ago');
    await waitFor(() => expect(queryOf(listRequests(requests).at(-1)).olderThanDays).toBe('14'));
    await choose('Sort by', 'Name');
    await waitFor(() => expect(queryOf(listRequests(requests).at(-1)).sort).toBe('name'));
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(queryOf(listRequests(requests).at(-1)).page).toBe('2'));
    const before = listRequests(requests).length;
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name or party' }), { target: { value: 'L' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name or party' }), { target: { value: 'Late' } });
    await waitFor(() => expect(queryOf(listRequests(requests).at(-1)).search).toBe('Late'));
    // Debounced: one request for the settled text, none for the first key; a new search starts at page 1.
    expect(
      listRequests(requests)
        .slice(before)
        .map((request) => queryOf(request).search),
    ).toEqual(['Late']);
    expect(queryOf(listRequests(requests).at(-1))).toMatchObject({
      status: 'awaiting-payment',
      olderThanDays: '14',
      sort: 'name',
      page: '1',
    });
  });

  it('withdraws only after a yes', { timeout: 15_000 }, async () => {
    const requests = await openSent();
    await rowAction('Late lease', 'Withdraw');
    let dialog = within(await screen.findByRole('dialog', { name: 'Withdraw the document?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((request) => request.url.endsWith('/disable'))).toBe(false);
    await rowAction('Late lease', 'Withdraw');
    dialog = within(await screen.findByRole('dialog', { name: 'Withdraw the document?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Withdraw' }));
    expect((await screen.findByRole('status')).textContent).toContain('“Late lease” was withdrawn.');
    const withdraw = requests.find((request) => request.url.endsWith('/doc-late/disable'));
    expect(withdraw?.method).toBe('PUT');
  });

  it("warns that a completed document's delete keeps it visible to the parties", { timeout: 15_000 }, async () => {
    const requests = await openSent();
    await rowAction('Signed deal', 'Delete');
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete the document?' }));
    expect(dialog.getByText(/stays visible to the other parties/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('status')).textContent).toContain('“Signed deal” was deleted.');
    const remove = requests.find((request) => request.method === 'DELETE');
    expect(pathOf(remove?.url ?? '')).toBe('/v2/linktinker/errands/doc-done');
    expect(JSON.parse(remove?.body ?? '')).toEqual({ ownDocumentOnly: true });
  });

  it('offers only what fits the status, and says why a reminder was refused', { timeout: 15_000 }, async () => {
    const requests = await openSent();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Signed deal' }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.queryByRole('menuitem', { name: 'Withdraw' })).toBeNull();
    expect(menu.queryByRole('menuitem', { name: 'Send reminder' })).toBeNull();
    expect(menu.getByRole('menuitem', { name: 'Mark as not handled' })).toBeTruthy();
    fireEvent.click(menu.getByRole('menuitem', { name: 'Archive' }));
    expect((await screen.findByRole('status')).textContent).toContain('“Signed deal” was archived.');
    expect(JSON.parse(requests.find((request) => request.url.endsWith('/doc-done/archive'))?.body ?? '')).toEqual({});

    await rowAction('Late lease', 'Send reminder');
    expect((await screen.findByRole('alert')).textContent).toContain('The reminder limit is reached.');
  });

  it("offers sharing a party's link to the owner only (issue 20: a code is the party's credential)", {
    timeout: 15_000,
  }, async () => {
    await openSent('#/sent?q=lease');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Late lease' }));
    expect(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Share' })).toBeTruthy();
    fireEvent.keyDown(await screen.findByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    fireEvent.click(await screen.findByRole('button', { name: "Actions for Colleague's lease" }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getByRole('menuitem', { name: 'Send reminder' })).toBeTruthy();
    expect(menu.queryByRole('menuitem', { name: 'Share' })).toBeNull();
  });

  it('explains the empty inbox', { timeout: 15_000 }, async () => {
    await openSent('#/inbox');
    expect(await screen.findByText('Your inbox is empty')).toBeTruthy();
    expect(screen.getByText(/submits a form through one of your public links/)).toBeTruthy();
  });
});
