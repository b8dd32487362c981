import type { ServerResponse } from 'node:http';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../test/auth-fixtures.ts';
import { expectNoAxeViolations } from '../../../test/axe.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import {
  sendJson,
  startTestHttpServer,
  type TestHandler,
  type TestHttpServer,
} from '../../../test/test-http-server.ts';
import type { AppServices } from '../../lib/create-app-services.ts';
import { initialsOf } from './user-menu.tsx';

let server: TestHttpServer | undefined;
let services: AppServices | undefined;

/**
 * Signed in as Demo Admin acting for Demo AB (or, by `accountId`, their personal account), on a screen that asks the
 * server nothing of its own (the welcome; the dashboard reads the documents), so the test's server sees
 * only the menu's calls; an administrator unless `role` says otherwise.
 */
async function openSignedIn(handler: TestHandler, role = 2, isPartner = false, accountId = 'acc-company') {
  server = await startTestHttpServer(handler);
  ({ services } = renderAppAt('#/welcome', { apiBaseUrl: server.apiBase }));
  const session = services.session;
  const auth = authStateFor({ token: 'company-token', accountId });
  act(() => session.signIn({ ...auth, user: { ...auth.user, Role: role, IsPartner: isPartner } }));
  fireEvent.click(await screen.findByRole('button', { name: 'Account menu for Demo Admin' }));
  return { menu: within(await screen.findByRole('menu')), requests: server.requests };
}

describe('user menu', () => {
  it('names the user and lists their accounts, the current one marked', async () => {
    const { menu } = await openSignedIn(() => {});
    expect(menu.getByText('demo@signlink.test')).toBeTruthy();
    const items = menu.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Demo ABCompany account',
      'Demo AdminPersonal account',
      'Add company',
      'Invite user',
      'Balance and billing',
      'Price plan',
      'Redeem gift card',
      'Settings',
      'Help centre',
      'Users',
      'Log out',
    ]);
    expect(items[0]?.getAttribute('aria-current')).toBe('true');
    expect(items[1]?.getAttribute('aria-current')).toBeNull();
  });

  it('opens the help centre (SPEC section 2, menu item Help Center)', async () => {
    const { menu } = await openSignedIn(() => {});
    fireEvent.click(menu.getByRole('menuitem', { name: 'Help centre' }));
    await screen.findByRole('heading', { level: 1, name: 'Help centre' });
    expect(window.location.hash).toBe('#/help');
  });

  it.each([5, 11, 12])('offers Users to administrators only (SPEC section 6), not role %i', async (role) => {
    const { menu } = await openSignedIn(() => {}, role);
    expect(menu.getByRole('menuitem', { name: 'Settings' })).toBeTruthy();
    expect(menu.queryByRole('menuitem', { name: 'Users' })).toBeNull();
    expect(menu.queryByRole('menuitem', { name: 'Invite user' })).toBeNull();
    // SPEC section 2: adding a company is every signed-in user's, whatever their role in the current account.
    expect(menu.getByRole('menuitem', { name: 'Add company' })).toBeTruthy();
  });

  it.each([
    [2, true, true],
    [5, true, false],
    [2, false, false],
  ])(
    'offers Add customer account to partner administrators (SPEC section 6): role %i, partner %s',
    async (role, isPartner, isOffered) => {
      const { menu } = await openSignedIn(() => {}, role, isPartner);
      expect(Boolean(menu.queryByRole('menuitem', { name: 'Add customer account' }))).toBe(isOffered);
    },
  );

  it('invites a customer from the menu and shows the invitation in the customers settings', async () => {
    const { menu, requests } = await openSignedIn(
      (request, response) => {
        const path = pathOf(request.url);
        if (path.endsWith('/account/invite/personal')) {
          return sendJson(response, 201, {
            Id: 'cin_kim0123456789abcdefg',
            Kind: 'personal',
            Email: 'kim@example.com',
            OrgNumber: null,
            Name: null,
            Status: 'pending',
            InvitedByName: 'Demo Admin',
            CreatedAccountId: null,
            CreatedAccountName: null,
            CreatedAt: '2026-11-20T10:00:00.000Z',
            RemindedAt: null,
            DecidedAt: null,
          });
        }
        sendJson(response, 200, { Invitations: [] });
      },
      2,
      true,
    );
    fireEvent.click(menu.getByRole('menuitem', { name: 'Add customer account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add customer account' }));
    fireEvent.click(dialog.getByRole('radio', { name: 'A person (personal account)' }));
    fireEvent.change(dialog.getByRole('textbox', { name: 'E-mail address' }), { target: { value: 'kim@example.com' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(window.location.hash).toBe('#/settings/customers'));
    expect((await screen.findByRole('status')).textContent).toContain('The invitation to kim@example.com');
    expect(requests.some((r) => pathOf(r.url).endsWith('/account/invite/personal'))).toBe(true);
  });

  it('offers Invite user and Users for a company account only, not for the administrator of a personal one', async () => {
    const { menu } = await openSignedIn(() => {}, 2, false, 'acc-personal');
    expect(menu.getByRole('menuitem', { name: 'Add company' })).toBeTruthy();
    expect(menu.queryByRole('menuitem', { name: 'Invite user' })).toBeNull();
    expect(menu.queryByRole('menuitem', { name: 'Users' })).toBeNull();
  });

  it('invites a user from the menu (SPEC section 2) and shows the invitation in the users settings', async () => {
    const invitations: unknown[] = [];
    const { menu, requests } = await openSignedIn((request, response) => {
      const path = pathOf(request.url);
      if (path.endsWith('/users/invite')) {
        const { email, role } = JSON.parse(request.body);
        invitations.push({
          Id: 'inv_gustav0123456789abcd',
          Email: email,
          Role: role,
          Status: 'pending',
          UserId: null,
          InvitedByName: 'Demo Admin',
          CreatedAt: '2026-11-20T10:00:00.000Z',
          RemindedAt: null,
          DecidedAt: null,
        });
        return sendJson(response, 201, invitations.at(-1));
      }
      sendJson(response, 200, { Users: [], Invitations: invitations });
    });
    fireEvent.click(menu.getByRole('menuitem', { name: 'Invite user' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Invite a user' }));
    fireEvent.change(dialog.getByRole('textbox', { name: 'E-mail address' }), {
      target: { value: 'gustav@example.com' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(window.location.hash).toBe('#/settings/users'));
    expect((await screen.findByRole('status')).textContent).toContain('The invitation to gustav@example.com');
    const list = within(await screen.findByRole('list', { name: 'Pending invitations' }));
    expect(await list.findByText('gustav@example.com')).toBeTruthy();
    const invite = requests.find((r) => pathOf(r.url).endsWith('/users/invite'));
    expect(JSON.parse(invite?.body ?? '{}')).toEqual({ email: 'gustav@example.com', role: 5 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the users settings from the menu', async () => {
    const { menu } = await openSignedIn((_request, response) =>
      sendJson(response, 200, { Users: [], Invitations: [] }),
    );
    fireEvent.click(menu.getByRole('menuitem', { name: 'Users' }));
    await waitFor(() => expect(window.location.hash).toBe('#/settings/users'));
  });

  it('switches account behind the spinner dialog and keeps the new token', async () => {
    let answer: ServerResponse | undefined;
    const { menu, requests } = await openSignedIn((_request, response) => {
      answer = response;
    });
    fireEvent.click(menu.getByRole('menuitem', { name: /Demo Admin/ }));
    const spinner = await screen.findByRole('dialog', { name: 'Switching account' });
    expect(spinner.textContent).toContain('Switching to Demo Admin…');
    expect(within(spinner).getByRole('progressbar')).toBeTruthy();
    // It stays until the switch ends: no button, no Escape.
    expect(within(spinner).queryByRole('button')).toBeNull();
    fireEvent.keyDown(spinner, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Switching account' })).toBeTruthy();
    await expectNoAxeViolations(spinner);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.method).toBe('POST');
    expect(pathOf(requests[0]?.url ?? '')).toBe('/v2/user/accounts/acc-personal/switch');
    expect(requests[0]?.headers.authorization).toBe('Bearer company-token');

    await act(
      async () => answer && sendJson(answer, 201, authStateFor({ token: 'personal-token', accountId: 'acc-personal' })),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(services?.authStore.getToken()).toBe('personal-token');
    const button = screen.getByRole('button', { name: 'Account menu for Demo Admin' });
    expect(button.textContent).toContain('Demo Admin');
    expect(button.textContent).not.toContain('Demo AB');
  });

  it('says "could not switch account" and stays when the switch fails', async () => {
    const { menu } = await openSignedIn((_request, response) =>
      sendJson(response, 403, { code: 'ACCOUNT_SWITCH_FAILED', message: 'no', requestId: 'r' }),
    );
    fireEvent.click(menu.getByRole('menuitem', { name: /Demo Admin/ }));
    expect(await screen.findByText('Could not switch account.')).toBeTruthy();
    expect(services?.authStore.getToken()).toBe('company-token');
    expect(screen.queryByText('Switching to Demo Admin…')).toBeNull();
    // The way out: the error closes, and the person goes on as the account they were.
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Account menu for Demo Admin' }).textContent).toContain('Demo AB');
  });

  it('logs out on the server and goes to the login screen', async () => {
    const { menu, requests } = await openSignedIn((_request, response) => {
      response.writeHead(204);
      response.end();
    });
    fireEvent.click(menu.getByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: /^Log in/ })).toBeTruthy();
    expect(window.location.hash).toBe('#/login');
    expect(pathOf(requests[0]?.url ?? '')).toBe('/v2/oauth/logout');
    expect(services?.authStore.getToken()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Account menu for Demo Admin' })).toBeNull();
  });
});

describe('language of a signed-in user', () => {
  it('is saved on the server when they change it (POST user/lang)', async () => {
    server = await startTestHttpServer((request, response) => sendJson(response, 200, JSON.parse(request.body)));
    ({ services } = renderAppAt('#/welcome', { apiBaseUrl: server.apiBase }));
    const session = services.session;
    act(() => session.signIn(authStateFor({ token: 'lang-token' })));
    await screen.findByRole('button', { name: 'Account menu for Demo Admin' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'es' } });
    await waitFor(() => expect(server?.requests).toHaveLength(1));
    const [request] = server.requests;
    expect([request?.method, pathOf(request?.url ?? ''), JSON.parse(request?.body ?? '')]).toEqual([
      'POST',
      '/v2/user/lang',
      { lang: 'es' },
    ]);
    expect(await screen.findByRole('button', { name: 'Menú de la cuenta de Demo Admin' })).toBeTruthy();
  });
});

describe('initialsOf', () => {
  it.each([
    ['Anna Andersson', 'AA'],
    ['Demo', 'D'],
    ['  maria  de la  cruz ', 'MC'],
  ])('%j → %j', (name, initials) => expect(initialsOf(name)).toBe(initials));
});
