import type { Contact } from '@signlink/contracts/contacts/contacts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStateFor, pathOf } from '../../../test/auth-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { sendJson, startTestHttpServer } from '../../../test/test-http-server.ts';
import { authStorageKey } from '../../api/auth-store.ts';

const anna: Contact = {
  Id: 'con_anna',
  Kind: 'person',
  Name: 'Anna Andersson',
  Email: 'anna@example.com',
  Phone: '+46701234567',
  CompanyName: null,
  OrgNumber: null,
  Source: 'document',
  LastUsed: '2026-11-20T10:00:00.000Z',
  Created: '2026-11-20T10:00:00.000Z',
  Updated: '2026-11-20T10:00:00.000Z',
};
const acme: Contact = {
  ...anna,
  Id: 'con_acme',
  Kind: 'company',
  Name: 'Acme AB',
  Email: null,
  CompanyName: 'Acme AB',
};

/** Signed in as `role`; the contacts API answers as the server would, holding what was added in memory. */
async function open(options: { role?: number; contacts?: Contact[] } = {}) {
  let contacts = [...(options.contacts ?? [anna, acme])];
  const canEdit = (options.role ?? 2) !== 12;
  localStorage.setItem(authStorageKey, 'token-1');
  const server = await startTestHttpServer((request, response) => {
    const path = pathOf(request.url);
    const auth = authStateFor();
    if (path === '/v2/user')
      return sendJson(response, 200, { ...auth, user: { ...auth.user, Role: options.role ?? 2 } });
    if (path === '/v2/linktinker/contacts' && request.method === 'GET') {
      const search = new URL(request.url, 'http://x').searchParams.get('search')?.toLowerCase() ?? '';
      const found = contacts.filter((contact) => contact.Name.toLowerCase().includes(search));
      return sendJson(response, 200, { Contacts: found, Total: found.length, CanEdit: canEdit });
    }
    if (path === '/v2/linktinker/contacts' && request.method === 'POST') {
      const body = JSON.parse(request.body);
      if (contacts.some((contact) => contact.Email === body.Email)) {
        return sendJson(response, 409, { code: 'CONTACT_ALREADY_EXISTS', message: 'exists', requestId: 'r' });
      }
      const added: Contact = { ...anna, ...body, Id: `con_${contacts.length}`, Source: 'manual', LastUsed: null };
      contacts = [...contacts, added];
      return sendJson(response, 201, added);
    }
    const id = path.split('/').pop();
    if (request.method === 'PUT') {
      contacts = contacts.map((contact) => (contact.Id === id ? { ...contact, ...JSON.parse(request.body) } : contact));
      return sendJson(
        response,
        200,
        contacts.find((contact) => contact.Id === id),
      );
    }
    if (request.method === 'DELETE') {
      contacts = contacts.filter((contact) => contact.Id !== id);
      response.writeHead(204).end();
      return;
    }
    return sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
  renderAppAt('#/contacts', { apiBaseUrl: server.apiBase });
  return server.requests;
}

const slow = { timeout: 20_000 };
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/contacts (SPEC section 2, menu item Contacts)', () => {
  it('lists the contacts in a table and searches them', slow, async () => {
    const requests = await open();
    const table = within(await screen.findByRole('table', { name: 'Contacts' }));
    expect(table.getByRole('rowheader', { name: 'Anna Andersson' })).toBeTruthy();
    expect(table.getByText('anna@example.com')).toBeTruthy();
    expect(table.getAllByText('Acme AB')).toHaveLength(2);
    expect(screen.getByText('2 contacts')).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search contacts' }), { target: { value: 'ann' } });
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Acme AB' })).toBeNull());
    expect(requests.some((request) => request.url.includes('search=ann'))).toBe(true);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search contacts' }), { target: { value: 'zz' } });
    expect(await screen.findByText('No contacts match “zz”.')).toBeTruthy();
  });

  it('says so when there are none yet', slow, async () => {
    await open({ contacts: [] });
    expect(
      await screen.findByText(
        'No contacts yet. Everyone you send a document to is added here, or you can add someone yourself.',
      ),
    ).toBeTruthy();
  });

  it('adds a contact, checking the name, address and number first', slow, async () => {
    const requests = await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add contact' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add contact' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Add' }));
    expect(dialog.getByText('Enter a name.')).toBeTruthy();
    expect(dialog.getByText('Enter an e-mail address or a mobile number.')).toBeTruthy();

    fireEvent.change(dialog.getByRole('textbox', { name: 'Name' }), { target: { value: 'Bo Ek' } });
    fireEvent.change(dialog.getByRole('textbox', { name: 'E-mail address' }), { target: { value: 'bo@' } });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Mobile number' }), { target: { value: '+46 070 1' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add' }));
    expect(dialog.getByText('This is not a valid e-mail address.')).toBeTruthy();
    expect(dialog.getByText('Enter a valid mobile number, such as 070-123 45 67 or +46 70 123 45 67.')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    // An address another contact has: the server's answer, and the dialog stays open.
    fireEvent.change(dialog.getByRole('textbox', { name: 'E-mail address' }), {
      target: { value: 'anna@example.com' },
    });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Mobile number' }), { target: { value: '' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add' }));
    expect(await dialog.findByText('A contact with this e-mail address or mobile number already exists.')).toBeTruthy();

    fireEvent.change(dialog.getByRole('textbox', { name: 'E-mail address' }), { target: { value: 'bo@example.com' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Bo Ek was added to your contacts.')).toBeTruthy();
    expect(await screen.findByRole('rowheader', { name: 'Bo Ek' })).toBeTruthy();
    const posted = requests.filter((request) => request.method === 'POST').map((request) => JSON.parse(request.body));
    expect(posted.at(-1)).toEqual({
      Kind: 'person',
      Name: 'Bo Ek',
      Email: 'bo@example.com',
      Phone: null,
      CompanyName: null,
      OrgNumber: null,
    });
  });

  it('edits a contact and deletes one after a yes', slow, async () => {
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Anna Andersson' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit contact' }));
    fireEvent.change(dialog.getByRole('textbox', { name: 'Name' }), { target: { value: 'Anna Berg' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The changes to Anna Berg were saved.')).toBeTruthy();
    expect(await screen.findByRole('rowheader', { name: 'Anna Berg' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Acme AB' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete the contact?' }));
    fireEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Acme AB was deleted from your contacts.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Acme AB' })).toBeNull());
  });

  it('shows a read-only user the list without add, edit or delete', slow, async () => {
    await open({ role: 12 });
    expect(await screen.findByRole('table', { name: 'Contacts' })).toBeTruthy();
    expect(screen.getByText("You can see the account's contacts; your role cannot change them.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add contact' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
  });

  it('shows one card per contact on a phone', slow, async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    }));
    await open();
    const list = within(await screen.findByRole('list', { name: 'Contacts' }));
    expect(list.getAllByRole('listitem')).toHaveLength(2);
    expect(list.getByRole('heading', { name: 'Anna Andersson' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(list.getByRole('button', { name: 'Delete Acme AB' })).toBeTruthy();
  });
});
