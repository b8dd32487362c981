import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../../test/auth-fixtures.ts';
import { renderAppAt } from '../../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../../test/test-http-server.ts';
import { authStorageKey } from '../../../api/auth-store.ts';

let server: TestHttpServer | undefined;

const invitation = (id: string, email: string) => ({
  Id: id,
  Email: email,
  Role: 5,
  Status: 'pending',
  UserId: null,
  InvitedByName: 'Demo Admin',
  CreatedAt: '2026-11-20T10:00:00.000Z',
  RemindedAt: null,
  DecidedAt: null,
});
const erik = 'inv_erik0123456789abcdef';
const fia = 'inv_fia0123456789abcdefg';

/** An account of two members and two invitations; Fia's was reminded within the hour. */
async function open(role = 2) {
  localStorage.setItem(authStorageKey, 'token-1');
  let users = [
    { UserId: 'user-1', Name: 'Demo Admin', Email: 'demo@signlink.test', Role: 2, IsYou: true },
    { UserId: 'user-2', Name: 'Bo Berg', Email: 'bo@example.com', Role: 5, IsYou: false },
  ];
  let invitations = [invitation(erik, 'erik@example.com'), invitation(fia, 'fia@example.com')];
  server = await startTestHttpServer((request, response) => {
    const path = pathOf(request.url);
    const body = request.body ? JSON.parse(request.body) : {};
    const auth = authStateFor();
    if (path === '/v2/user') return sendJson(response, 200, { ...auth, user: { ...auth.user, Role: role } });
    if (path === '/v2/linktinker/app/account/users')
      return sendJson(response, 200, { Users: users, Invitations: invitations });
    if (path === '/v2/linktinker/app/users/invite') {
      invitations = [...invitations, invitation('inv_new0123456789abcdefg', body.email)];
      return sendJson(response, 201, invitations.at(-1));
    }
    if (path === `/v2/linktinker/app/account/invitations/${fia}/remind`)
      return sendJson(response, 429, { code: 'RATE_LIMITED', message: 'within the hour', requestId: 'r' });
    if (path === `/v2/linktinker/app/account/invitations/${erik}/remind`)
      return sendJson(response, 200, invitations[0]);
    if (path === `/v2/linktinker/app/account/invitations/${erik}`) {
      invitations = invitations.filter((candidate) => candidate.Id !== erik);
      return sendJson(response, 200, { ...invitation(erik, 'erik@example.com'), Status: 'cancelled' });
    }
    if (path === '/v2/linktinker/app/users/user-1/role')
      return sendJson(response, 409, { code: 'LAST_ADMINISTRATOR', message: 'last', requestId: 'r' });
    if (path === '/v2/linktinker/app/users/user-2/role') {
      users = users.map((user) => (user.UserId === 'user-2' ? { ...user, Role: body.role } : user));
      return sendJson(response, 200, users[1]);
    }
    if (path === '/v2/linktinker/app/users/user-2/remove') {
      users = users.filter((user) => user.UserId !== 'user-2');
      response.writeHead(204);
      return response.end();
    }
    sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
  renderAppAt('#/settings/users', { apiBaseUrl: server.apiBase });
  return server.requests;
}

const members = async () => within(await screen.findByRole('list', { name: /^Members/ }));
const invitationList = async () => within(await screen.findByRole('list', { name: 'Pending invitations' }));

async function chooseRole(label: string, role: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: role }));
}

describe('/settings/users (SPEC section 6: only admins manage users)', () => {
  it('lists members and pending invitations', { timeout: 15_000 }, async () => {
    await open();
    const list = await members();
    expect(list.getByText('Demo Admin (you)')).toBeTruthy();
    expect(list.getByText('bo@example.com')).toBeTruthy();
    // The caller cannot remove themselves here.
    expect(list.queryByRole('button', { name: 'Remove Demo Admin' })).toBeNull();
    expect((await invitationList()).getByText('erik@example.com')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Users' })).toBeTruthy();
  });

  it('invites a user with a role', { timeout: 15_000 }, async () => {
    const requests = await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Invite a user' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Send invitation' }));
    expect(await dialog.findByText('Enter your e-mail address.')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('E-mail address'), { target: { value: 'Gustav@Example.com' } });
    await chooseRole('Role', 'Contributor');
    expect(dialog.getByText('Creates templates and public links; cannot send or use the inbox.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findByRole('status')).textContent).toContain('is on its way.');
    expect(await (await invitationList()).findByText(/gustav@example.com/i)).toBeTruthy();
    const invite = requests.find((r) => pathOf(r.url) === '/v2/linktinker/app/users/invite');
    expect(JSON.parse(invite?.body ?? '')).toEqual({ email: expect.stringMatching(/^gustav@example.com$/i), role: 11 });
  });

  it('reminds, says when a reminder is too soon, and revokes', { timeout: 15_000 }, async () => {
    const requests = await open();
    const list = await invitationList();
    fireEvent.click(list.getByRole('button', { name: 'Remind erik@example.com: send the invitation again' }));
    expect((await screen.findByRole('status')).textContent).toBe('The invitation was sent to erik@example.com again.');
    fireEvent.click(list.getByRole('button', { name: 'Remind fia@example.com: send the invitation again' }));
    expect((await screen.findByRole('alert')).textContent).toContain('A reminder was sent less than an hour ago.');
    fireEvent.click(list.getByRole('button', { name: 'Revoke the invitation to erik@example.com' }));
    await waitFor(() => expect(screen.queryByText('erik@example.com')).toBeNull());
    const revoke = requests.find((r) => r.method === 'PUT' && r.url.endsWith(erik));
    expect(JSON.parse(revoke?.body ?? '')).toEqual({ status: 'cancelled' });
  });

  it('changes a role, and says the account needs an administrator', { timeout: 15_000 }, async () => {
    await open();
    await members();
    await chooseRole('Role of Bo Berg', 'Read only');
    expect((await screen.findByRole('status')).textContent).toBe('Bo Berg is now Read only.');
    await chooseRole('Role of Demo Admin', 'Regular user');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The account must keep at least one administrator.',
    );
  });

  it('removes a user only after a yes', { timeout: 15_000 }, async () => {
    const requests = await open();
    const list = await members();
    fireEvent.click(list.getByRole('button', { name: 'Remove Bo Berg' }));
    let confirm = within(await screen.findByRole('dialog', { name: 'Remove user?' }));
    fireEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((r) => r.url.endsWith('/remove'))).toBe(false);

    fireEvent.click(list.getByRole('button', { name: 'Remove Bo Berg' }));
    confirm = within(await screen.findByRole('dialog', { name: 'Remove user?' }));
    fireEvent.click(confirm.getByRole('button', { name: 'Remove' }));
    expect((await screen.findByRole('status')).textContent).toBe('Bo Berg has been removed.');
    await waitFor(() => expect(screen.queryByText('bo@example.com')).toBeNull());
  });

  it.each([5, 11, 12])('tells role %i that only administrators manage users', { timeout: 15_000 }, async (role) => {
    const requests = await open(role);
    expect(await screen.findByText(/^Only administrators can manage the users/)).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Users' })).toBeNull();
    expect(requests.some((r) => r.url.includes('account/users'))).toBe(false);
  });
});
