import { timings } from '@signlink/contracts/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../test/auth-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../test/test-http-server.ts';
import type { AppServices } from '../../lib/create-app-services.ts';

const person = { PersonalNumber: '19900101-1239', Name: 'Anna Andersson', GivenName: 'Anna', Surname: 'Andersson' };
const key = 'loginKey_0123456789abcdefgh';
const ordersPath = '/v2/linktinker/app/bankid';

let server: TestHttpServer | undefined;
let services: AppServices | undefined;

/** A BankID order the person approves at the first refresh; `validation` is what the server then answers. */
async function openLogin(validation: Record<string, unknown>) {
  server = await startTestHttpServer((request, response) => {
    const path = pathOf(request.url);
    if (path === ordersPath)
      return sendJson(response, 200, { ClientAccessKey: key, AutoStartURL: 'bankid:///', QrCodeData: 'bankid.t.0.h' });
    if (path === `${ordersPath}/${key}`) return sendJson(response, 200, { Status: 'complete' });
    if (path === `${ordersPath}/validate`)
      return sendJson(response, 200, { Status: 'complete', User: person, ...validation });
    // Registration with BankID: the phone's code is 1357.
    const body = request.body ? JSON.parse(request.body) : {};
    if (path === `${ordersPath}/sms`)
      return sendJson(response, 200, { PhoneNumberToken: 'phoneToken_0123456789', PhoneNumberMasked: '+46•••••••67' });
    if (path === `${ordersPath}/sms/validate`)
      return body.code === '1357'
        ? sendJson(response, 200, { PhoneNumberProof: 'phone-proof-0123456789abcdef' })
        : sendJson(response, 406, { code: 'WRONG_CODE', message: 'no', requestId: 'r' });
    if (path === `${ordersPath}/email`) return sendJson(response, 200, { EmailAddressToken: 'emailToken_0123456789' });
    if (path === `${ordersPath}/email/validate`)
      return sendJson(response, 200, { ...authStateFor({ token: 'bankid-new-user' }), IsNewUser: true });
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
  it('signs in a person who has a user and lands on the dashboard', { timeout: 15_000 }, async () => {
    const requests = await openLogin({ Auth: authStateFor({ token: 'bankid-token' }) });
    fireEvent.click(screen.getByRole('button', { name: 'Log in with BankID' }));
    await approveInBankId();
    expect(await screen.findByRole('heading', { name: /^Welcome/ }, waitForRefresh)).toBeTruthy();
    expect(services?.authStore.getToken()).toBe('bankid-token');
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ Purpose: 'login' });
  });

  it('offers to sign up when BankID knows the person but we do not, and signs them up with its proof', {
    timeout: 15_000,
  }, async () => {
    const requests = await openLogin({ PersonalNumberToken: 'pnr-token-0123456789abcdef' });
    fireEvent.click(screen.getByRole('button', { name: 'Log in with BankID' }));
    await approveInBankId();
    const status = await screen.findByText('BankID identified you, but you have no account yet.', {}, waitForRefresh);
    // The page is hidden from assistive technology until the BankID dialog has closed.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(services?.authStore.getToken()).toBeNull();
    const alert = status.closest('[role="status"]') as HTMLElement;
    fireEvent.click(within(alert).getByRole('button', { name: 'Create an account' }));

    expect(await screen.findByText('Identified with BankID as Anna Andersson.')).toBeTruthy();
    expect(window.location.hash).toBe('#/createaccount');
    const phone = within(await screen.findByRole('form', { name: 'Your mobile number' }));
    fireEvent.change(phone.getByLabelText('Mobile number'), { target: { value: '0701234567' } });
    fireEvent.click(phone.getByRole('button', { name: 'Send code' }));
    const code = within(await screen.findByRole('form', { name: 'Confirm your number' }));
    fireEvent.change(code.getByLabelText('Code from the text message'), { target: { value: '1357' } });
    fireEvent.click(code.getByRole('button', { name: 'Continue' }));
    const email = within(await screen.findByRole('form', { name: 'Your e-mail' }));
    fireEvent.change(email.getByLabelText('E-mail address'), { target: { value: 'anna@example.com' } });
    fireEvent.click(email.getByRole('button', { name: 'Send code' }));
    const emailCode = within(await screen.findByRole('form', { name: 'Confirm your e-mail' }));
    fireEvent.change(emailCode.getByLabelText('Code from the e-mail'), { target: { value: '2468ab' } });
    fireEvent.click(emailCode.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: /^Welcome/ })).toBeTruthy();
    expect(services?.authStore.getToken()).toBe('bankid-new-user');
    const registration = requests
      .filter((request) => /bankid\/(sms|email)/.test(request.url))
      .map((request) => [pathOf(request.url).replace(`${ordersPath}/`, ''), JSON.parse(request.body)]);
    const proofs = { personalNumberToken: 'pnr-token-0123456789abcdef' };
    const phoneProof = { ...proofs, phoneNumberProof: 'phone-proof-0123456789abcdef' };
    expect(registration).toEqual([
      ['sms', { phoneNumber: '+46701234567', lang: 'en-us', ...proofs }],
      ['sms/validate', { ...proofs, phoneNumberToken: 'phoneToken_0123456789', code: '1357' }],
      ['email', { emailAddress: 'anna@example.com', ...phoneProof }],
      ['email/validate', { ...phoneProof, emailAddressToken: 'emailToken_0123456789', code: '2468AB' }],
    ]);
  });

  it('opens BankID from the login dialog ("use BankID instead")', async () => {
    await openLogin({});
    fireEvent.click(screen.getByRole('button', { name: 'Log in with e-mail and password' }));
    const loginDialog = within(await screen.findByRole('dialog', { name: 'Log in with e-mail' }));
    fireEvent.click(loginDialog.getByRole('button', { name: 'Use BankID instead' }));
    expect(await screen.findByRole('dialog', { name: 'Log in with BankID' })).toBeTruthy();
  });
});
