import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pathOf } from '../../../../test/auth-fixtures.ts';
import { renderAppAt } from '../../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../../test/test-http-server.ts';

let server: TestHttpServer | undefined;

const validId = 'reset_0123456789abcdef';
const expiredId = 'reset_expired_0123456789';

async function start(hash: string) {
  server = await startTestHttpServer((request, response) => {
    const path = pathOf(request.url);
    const body = request.body ? JSON.parse(request.body) : {};
    if (path === '/v2/linktinker/account/pin/reset') {
      if (body.phoneNumber === '+46709999999')
        return sendJson(response, 404, { code: 'NO_ACCOUNT_FOR_PHONE', message: 'none', requestId: 'r' });
      if (body.phoneNumber === '+46708888888')
        return sendJson(response, 429, { code: 'RATE_LIMITED', message: 'wait', requestId: 'r' });
      return sendJson(response, 200, {
        SentTo: body.emailAddress ? 'd•••@signlink.test' : '+46 70•••• 67',
        Channel: body.emailAddress ? 'email' : 'sms',
      });
    }
    if (path === `/v2/linktinker/account/pin/reset/${validId}`) {
      if (request.method === 'GET') return sendJson(response, 200, { Valid: true, PhoneNumberMasked: '+46 70•••• 67' });
      response.writeHead(204).end();
      return;
    }
    if (path === `/v2/linktinker/account/pin/reset/${expiredId}`)
      return sendJson(response, 410, { code: 'PIN_RESET_EXPIRED', message: 'expired', requestId: 'r' });
    sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
  renderAppAt(hash, { apiBaseUrl: server.apiBase });
  return server.requests;
}

async function openForgotPin(phone: string) {
  const form = within(await screen.findByRole('form', { name: 'or with mobile number and PIN' }));
  fireEvent.change(form.getByLabelText('Mobile number'), { target: { value: phone } });
  fireEvent.click(form.getByRole('button', { name: 'Forgot PIN?' }));
  return within(await screen.findByRole('dialog', { name: 'Reset your PIN' }));
}

describe('Forgot PIN? (SPEC section 2, PIN reset by link)', () => {
  it('texts a link to the number typed in the login form', { timeout: 15_000 }, async () => {
    const requests = await start('#/login');
    const dialog = await openForgotPin('070-123 45 67');
    expect((dialog.getByLabelText('Mobile number') as HTMLInputElement).value).toBe('070-123 45 67');
    fireEvent.click(dialog.getByRole('button', { name: 'Send link' }));
    expect((await dialog.findByRole('status')).textContent).toBe(
      'We have texted a link to +46 70•••• 67. Open it to choose a new PIN.',
    );
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ phoneNumber: '+46701234567', lang: 'en-us' });
  });

  it('e-mails the link instead when asked', { timeout: 15_000 }, async () => {
    const requests = await start('#/login');
    const dialog = await openForgotPin('');
    fireEvent.click(dialog.getByRole('button', { name: 'Send the link by e-mail instead' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Send link' }));
    expect(await dialog.findByText('Enter your e-mail address.')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('E-mail address'), { target: { value: 'demo@signlink.test' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Send link' }));
    expect((await dialog.findByRole('status')).textContent).toContain('We have e-mailed a link to d•••@signlink.test.');
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ emailAddress: 'demo@signlink.test', lang: 'en-us' });
  });

  it.each([
    ['0709999999', 'No account was found for this phone number.'],
    ['0708888888', 'Too many attempts. Please wait a moment and try again.'],
  ])('tells why a link for %s is not sent', { timeout: 15_000 }, async (phone, message) => {
    await start('#/login');
    const dialog = await openForgotPin(phone);
    fireEvent.click(dialog.getByRole('button', { name: 'Send link' }));
    expect((await dialog.findByRole('alert')).textContent).toContain(message);
  });

  it('checks the number before sending', { timeout: 15_000 }, async () => {
    const requests = await start('#/login');
    const dialog = await openForgotPin('12345');
    fireEvent.click(dialog.getByRole('button', { name: 'Send link' }));
    expect(await dialog.findByText('The phone number is not valid.')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });
});

describe('/resetpin/{code}', () => {
  it('sets a new PIN typed twice, then logs in again with a message', { timeout: 15_000 }, async () => {
    const requests = await start(`#/resetpin/${validId}`);
    const form = within(await screen.findByRole('form', { name: 'Your new PIN' }));
    expect(form.getByText(/For \+46 70•••• 67\./)).toBeTruthy();
    fireEvent.change(form.getByLabelText('Choose a PIN (4 digits)'), { target: { value: '12' } });
    fireEvent.click(form.getByRole('button', { name: 'Save PIN' }));
    expect(await form.findByText('The PIN is exactly 4 digits.')).toBeTruthy();
    fireEvent.change(form.getByLabelText('Choose a PIN (4 digits)'), { target: { value: '4321' } });
    fireEvent.change(form.getByLabelText('Repeat the PIN'), { target: { value: '4312' } });
    fireEvent.click(form.getByRole('button', { name: 'Save PIN' }));
    expect(await form.findByText('The PINs do not match.')).toBeTruthy();
    expect(requests).toHaveLength(1);

    fireEvent.change(form.getByLabelText('Repeat the PIN'), { target: { value: '4321' } });
    fireEvent.click(form.getByRole('button', { name: 'Save PIN' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your PIN has been changed. Log in with your mobile number and the new PIN.',
    );
    await waitFor(() => expect(window.location.hash).toBe('#/login'));
    const last = requests.at(-1);
    expect(last?.method).toBe('POST');
    expect(JSON.parse(last?.body ?? '')).toEqual({ Pin: '4321' });
  });

  it('says an expired link has expired before anything is typed', { timeout: 15_000 }, async () => {
    await start(`#/resetpin/${expiredId}`);
    expect((await screen.findByRole('alert')).textContent).toContain('The PIN reset link has expired.');
    expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe('#/login');
    expect(screen.queryByLabelText('Repeat the PIN')).toBeNull();
  });
});
