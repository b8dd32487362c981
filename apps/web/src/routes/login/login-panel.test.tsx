import { timings } from '@signlink/contracts/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../test/auth-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../test/test-http-server.ts';
import type { AppServices } from '../../lib/create-app-services.ts';

const person = { PersonalNumber: '19900101-1239', Name: 'Anna Andersson', GivenName: 'Anna', Surname: 'Andersson' };
const key = 'loginKey_0123456789abcdefgh';
const ordersPath = '/v2/linktinker/app/bankid';

let server: TestHttpServer | undefined;
let services: AppServices | undefined;

afterEach(async () => {
  services?.session.dispose();
  services = undefined;
  await server?.close();
  server = undefined;
});

/** A BankID order the person approves at the first refresh; `validation` is what the server then answers. */
async function openLogin(validation: Record<string, unknown>) {
  server = await startTestHttpServer((request, response) => {
    const path = pathOf(request.url);
    if (path === ordersPath)
      return sendJson(response, 200, { ClientAccessKey: key, AutoStartURL: 'bankid:///', QrCodeData: 'bankid.t.0.h' });
    if (path === `${ordersPath}/${key}`) return sendJson(response, 200, { Status: 'complete' });
    if (path === `${ordersPath}/validate`)
      return sendJson(response, 200, { Status: 'complete', User: person, ...validation });
    response.writeHead(204);
    response.end();
  });
  ({ services } = renderAppAt('#/login', { apiBaseUrl: server.apiBase }));
  await screen.findByRole('heading', { name: 'Log in to Signlink' });
  return server.requests;
}

async function approveInBankId() {
  const dialog = within(await screen.findByRole('dialog', { name: 'Log in with BankID' }));
  fireEvent.click(dialog.getByRole('button', { name: /Mobile BankID/ }));
}

const waitForRefresh = { timeout: timings.bankIdQrRefreshMs * 3 };

describe('BankID login (SPEC section 2)', () => {
  it('signs in a person who has a user and lands on the dashboard', async () => {
    const requests = await openLogin({ Auth: authStateFor({ token: 'bankid-token' }) });
    fireEvent.click(screen.getByRole('button', { name: 'Log in with BankID' }));
    await approveInBankId();
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, waitForRefresh)).toBeTruthy();
    expect(services?.authStore.getToken()).toBe('bankid-token');
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ Purpose: 'login' });
  });

  it('offers to sign up when BankID knows the person but we do not', async () => {
    await openLogin({ PersonalNumberToken: 'pnr-token' });
    fireEvent.click(screen.getByRole('button', { name: 'Log in with BankID' }));
    await approveInBankId();
    const status = await screen.findByText(/BankID identified you, but you have no account yet\./, {}, waitForRefresh);
    // The page is hidden from assistive technology until the BankID dialog has closed.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const link = within(status).getByRole('link', { name: 'Create an account' });
    expect(link.getAttribute('href')).toBe('#/createaccount');
    expect(services?.authStore.getToken()).toBeNull();
  });

  it('opens BankID from the login dialog ("use BankID instead")', async () => {
    await openLogin({});
    fireEvent.click(screen.getByRole('button', { name: 'Log in with e-mail and password' }));
    const loginDialog = within(await screen.findByRole('dialog', { name: 'Log in with e-mail' }));
    fireEvent.click(loginDialog.getByRole('button', { name: 'Use BankID instead' }));
    expect(await screen.findByRole('dialog', { name: 'Log in with BankID' })).toBeTruthy();
  });
});
