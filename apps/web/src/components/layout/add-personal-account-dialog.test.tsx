import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../test/auth-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../test/test-http-server.ts';
import type { AppServices } from '../../lib/create-app-services.ts';

let server: TestHttpServer | undefined;
let services: AppServices | undefined;

const emailToken = 'emailToken_0123456789';

/** Demo Admin with their company account only, so the menu offers a personal account. */
async function openMenu(hasPersonal = false) {
  server = await startTestHttpServer((request, response) => {
    const path = pathOf(request.url);
    const body = request.body ? JSON.parse(request.body) : {};
    if (path === '/v2/linktinker/app/personalaccounts/validation/email')
      return sendJson(response, 200, { EmailAddressToken: emailToken });
    if (path === '/v2/linktinker/app/personalaccounts/validation/validate') {
      if (body.Code !== 'ABC234') return sendJson(response, 406, { code: 'WRONG_CODE', message: 'no', requestId: 'r' });
      return sendJson(response, 201, authStateFor({ token: 'personal-token', accountId: 'acc-personal' }));
    }
    sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
  ({ services } = renderAppAt('#/welcome', { apiBaseUrl: server.apiBase }));
  const auth = authStateFor({ token: 'company-token' });
  const accounts = hasPersonal ? auth.accounts : auth.accounts.filter((account) => account.Type === 'company');
  const session = services.session;
  act(() => session.signIn({ ...auth, accounts }));
  fireEvent.click(await screen.findByRole('button', { name: 'Account menu for Demo Admin' }));
  return { menu: within(await screen.findByRole('menu')), requests: server.requests };
}

describe('add personal account (SPEC sections 2 and 5: one per user)', () => {
  it('is not offered to a user who has one', async () => {
    const { menu } = await openMenu(true);
    expect(menu.queryByRole('menuitem', { name: 'Add personal account' })).toBeNull();
  });

  it('proves the e-mail with a code and acts for the new account', { timeout: 15_000 }, async () => {
    const { menu, requests } = await openMenu();
    fireEvent.click(menu.getByRole('menuitem', { name: 'Add personal account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a personal account' }));
    expect((dialog.getByLabelText('E-mail address') as HTMLInputElement).value).toBe('demo@signlink.test');
    fireEvent.click(dialog.getByRole('button', { name: 'Send code' }));
    expect(await dialog.findByText('Enter the code we sent to demo@signlink.test.')).toBeTruthy();
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ EmailAddress: 'demo@signlink.test' });

    fireEvent.change(dialog.getByLabelText('Code from the e-mail'), { target: { value: 'zzz999' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create personal account' }));
    expect((await dialog.findByRole('alert')).textContent).toContain('Wrong code.');

    fireEvent.change(dialog.getByLabelText('Code from the e-mail'), { target: { value: 'abc234' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create personal account' }));
    await waitFor(() => expect(services?.authStore.getToken()).toBe('personal-token'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(requests.at(-1)?.body ?? '')).toEqual({
      EmailAddressToken: emailToken,
      Code: 'ABC234',
      Currency: 'SEK',
    });
  });
});
