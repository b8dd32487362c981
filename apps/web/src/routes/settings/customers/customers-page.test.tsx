import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../../test/auth-fixtures.ts';
import { renderAppAt } from '../../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../../test/test-http-server.ts';
import { authStorageKey } from '../../../api/auth-store.ts';

let server: TestHttpServer | undefined;

const invitation = (id: string, overrides: Record<string, unknown>) => ({
  Id: id,
  Kind: 'company',
  Email: 'anna@andersson.test',
  OrgNumber: '5591000012',
  Name: 'Andersson Konsult AB',
  Status: 'pending',
  InvitedByName: 'Demo Admin',
  CreatedAccountId: null,
  CreatedAccountName: null,
  CreatedAt: '2026-11-20T10:00:00.000Z',
  RemindedAt: null,
  DecidedAt: null,
  ...overrides,
});
const pendingId = 'cin_pending0123456789abcd';
const acceptedId = 'cin_accepted0123456789abc';

/** A partner (or not) whose list holds a pending company invitation and an accepted personal one. */
async function open({ role = 2, isPartner = true, path = '#/settings/customers' } = {}) {
  localStorage.setItem(authStorageKey, 'token-1');
  let invitations = [
    invitation(pendingId, {}),
    invitation(acceptedId, {
      Kind: 'personal',
      Email: 'kim@example.com',
      OrgNumber: null,
      Name: null,
      Status: 'accepted',
      CreatedAccountId: 'acc-kim',
      CreatedAccountName: 'Kim Kund',
      DecidedAt: '2026-11-21T10:00:00.000Z',
    }),
  ];
  server = await startTestHttpServer((request, response) => {
    const url = pathOf(request.url);
    const body = request.body ? JSON.parse(request.body) : {};
    const auth = authStateFor();
    if (url === '/v2/user')
      return sendJson(response, 200, { ...auth, user: { ...auth.user, Role: role, IsPartner: isPartner } });
    if (url === '/v2/linktinker/app/account/customerinvitations')
      return sendJson(response, 200, { Invitations: invitations });
    if (url === '/v2/linktinker/app/account/invite/personal') {
      const created = invitation('cin_new0123456789abcdefg', {
        Kind: 'personal',
        Email: body.EmailAddress,
        OrgNumber: null,
        Name: body.Name ?? null,
      });
      invitations = [created, ...invitations];
      return sendJson(response, 201, created);
    }
    if (url === `/v2/linktinker/app/account/invitations/${pendingId}`) {
      invitations = invitations.map((row) => (row.Id === pendingId ? { ...row, Status: 'cancelled' } : row));
      return sendJson(
        response,
        200,
        invitations.find((row) => row.Id === pendingId),
      );
    }
    if (url === `/v2/linktinker/app/account/invitations/${pendingId}/remind`)
      return sendJson(response, 429, { code: 'RATE_LIMITED', message: 'within the hour', requestId: 'r' });
    sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
  renderAppAt(path, { apiBaseUrl: server.apiBase });
  return server.requests;
}

const list = async () => within(await screen.findByRole('list', { name: 'Invitations' }));

describe('/settings/customers (SPEC section 6: partners add customer accounts, see invitations)', () => {
  it('lists the invitations with their state; revokes after a yes; says when a reminder is too soon', {
    timeout: 15_000,
  }, async () => {
    const requests = await open();
    const rows = await list();
    expect(rows.getByText('Andersson Konsult AB')).toBeTruthy();
    expect(rows.getByText(/Company 559100-0012 · anna@andersson.test · sent/)).toBeTruthy();
    expect(rows.getByText(/opened Kim Kund on/)).toBeTruthy();
    expect(rows.getByText('Accepted')).toBeTruthy();
    // Only the pending one can be reminded or revoked.
    expect(rows.getAllByRole('button', { name: /^Revoke/ })).toHaveLength(1);

    fireEvent.click(rows.getByRole('button', { name: 'Remind anna@andersson.test: send the invitation again' }));
    expect((await screen.findByRole('alert')).textContent).toContain('less than an hour ago');

    fireEvent.click(rows.getByRole('button', { name: 'Revoke the invitation to anna@andersson.test' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke the invitation?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect((await screen.findByRole('status')).textContent).toContain('has been revoked');
    const revoke = requests.find((r) => r.method === 'PUT');
    expect(JSON.parse(revoke?.body ?? '{}')).toEqual({ status: 'cancelled' });
    expect(await (await list()).findByText('Revoked')).toBeTruthy();
  });

  it('invites a person; a company abroad is explained and offered a personal account instead', {
    timeout: 15_000,
  }, async () => {
    const requests = await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add customer account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add customer account' }));
    fireEvent.click(dialog.getByRole('radio', { name: 'Another country' }));
    expect(dialog.getByText(/International accounts cannot be invited as company accounts/)).toBeTruthy();
    expect((dialog.getByRole('button', { name: 'Send invitation' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(dialog.getByRole('button', { name: 'Invite to a personal account' }));
    expect((dialog.getByRole('radio', { name: 'A person (personal account)' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.change(dialog.getByRole('textbox', { name: 'Name (optional)' }), { target: { value: 'Lena Lund' } });
    fireEvent.change(dialog.getByRole('textbox', { name: 'E-mail address' }), {
      target: { value: 'lena@Example.com' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findByRole('status')).textContent).toContain('The invitation to lena@example.com');
    const sent = requests.find((r) => pathOf(r.url).endsWith('/account/invite/personal'));
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ EmailAddress: 'lena@example.com', Name: 'Lena Lund' });
    expect(await (await list()).findByText('Lena Lund')).toBeTruthy();
  });

  it('checks the organisation number before inviting a Swedish company', { timeout: 15_000 }, async () => {
    const requests = await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add customer account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add customer account' }));
    fireEvent.change(dialog.getByRole('textbox', { name: /Organisation number/ }), { target: { value: '5591000013' } });
    fireEvent.change(dialog.getByRole('textbox', { name: 'E-mail address' }), {
      target: { value: 'anna@example.com' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect((dialog.getByRole('textbox', { name: /Organisation number/ }) as HTMLInputElement).value).toBe(
        '559100-0013',
      ),
    );
    expect(dialog.getByRole('textbox', { name: /Organisation number/ }).getAttribute('aria-invalid')).toBe('true');
    expect(requests.some((r) => pathOf(r.url).endsWith('/account/invite'))).toBe(false);
  });

  it.each([
    [{ role: 2, isPartner: false }, 'Customer accounts are for partners.'],
    [{ role: 5, isPartner: true }, 'Only administrators of a partner account can add customer accounts.'],
  ])('tells others why not (%j), without asking for the list', { timeout: 15_000 }, async (who, message) => {
    const requests = await open(who);
    expect(await screen.findByText(new RegExp(message))).toBeTruthy();
    expect(requests.some((r) => pathOf(r.url).endsWith('/customerinvitations'))).toBe(false);
  });
});
