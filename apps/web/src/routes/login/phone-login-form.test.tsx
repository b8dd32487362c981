import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../test/auth-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../test/test-http-server.ts';
import type { AppServices } from '../../lib/create-app-services.ts';

let server: TestHttpServer | undefined;
let services: AppServices | undefined;

const phoneToken = 'phoneToken_0123456789';

/** A server with the two phone-login steps: PIN 1234 for +46701234567, then code 5678. */
async function openLogin() {
  server = await startTestHttpServer((request, response) => {
    const path = pathOf(request.url);
    const body = request.body ? JSON.parse(request.body) : {};
    if (path === '/v2/oauth/generatetoken/sms') {
      if (body.phoneNumber === '+46709999999')
        return sendJson(response, 404, { code: 'NO_ACCOUNT_FOR_PHONE', message: 'none', requestId: 'r' });
      if (body.phoneNumber === '+46708888888')
        return sendJson(response, 429, { code: 'RATE_LIMITED', message: 'locked', requestId: 'r' });
      if (body.pin !== '1234')
        return sendJson(response, 401, { code: 'BAD_PHONE_OR_PIN', message: 'no', requestId: 'r' });
      return sendJson(response, 200, { PhoneNumberToken: phoneToken, PhoneNumberMasked: '+46 70•••• 67' });
    }
    if (path === '/v2/oauth/generatetoken/sms/validate') {
      if (body.Code !== '5678') return sendJson(response, 406, { code: 'WRONG_CODE', message: 'no', requestId: 'r' });
      return sendJson(response, 200, authStateFor({ token: 'phone-session' }));
    }
    sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
  ({ services } = renderAppAt('#/login', { apiBaseUrl: server.apiBase }));
  const form = within(await screen.findByRole('form', { name: 'or with mobile number and PIN' }));
  return { form, requests: server.requests };
}

function enterPhoneAndPin(form: ReturnType<typeof within>, phone: string, pin: string) {
  fireEvent.change(form.getByLabelText('Mobile number'), { target: { value: phone } });
  fireEvent.change(form.getByLabelText('PIN'), { target: { value: pin } });
  fireEvent.click(form.getByRole('button', { name: 'Continue' }));
}

describe('phone and PIN login (SPEC sections 2 and 5)', () => {
  it('checks the PIN, then logs in with the texted code and lands on the dashboard', { timeout: 15_000 }, async () => {
    const { form, requests } = await openLogin();
    const pin = form.getByLabelText('PIN') as HTMLInputElement;
    expect(pin.type).toBe('password');
    expect(pin.inputMode).toBe('numeric');
    enterPhoneAndPin(form, '070-123 45 67', '1234');

    const codeForm = within(await screen.findByRole('form', { name: 'Code from the text message' }));
    expect(codeForm.getByText('We have sent a code to +46 70•••• 67. Enter it to log in.')).toBeTruthy();
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ phoneNumber: '+46701234567', pin: '1234' });

    fireEvent.change(codeForm.getByLabelText('Code from the text message'), { target: { value: '5678' } });
    fireEvent.click(codeForm.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: /^Welcome/ })).toBeTruthy();
    expect(JSON.parse(requests[1]?.body ?? '')).toEqual({ PhoneNumberToken: phoneToken, Code: '5678' });
    expect(services?.authStore.getToken()).toBe('phone-session');
  });

  it.each([
    ['0701234567', '12', 'The PIN is exactly 4 digits.'],
    ['+46 070 123 45 67', '1234', 'The phone number is not valid.'],
    ['12345', '1234', 'The phone number is not valid.'],
    ['', '1234', 'Enter your mobile number.'],
  ])('refuses %j with PIN %j before calling the server', async (phone, pinValue, message) => {
    const { form, requests } = await openLogin();
    enterPhoneAndPin(form, phone, pinValue);
    expect(await form.findByText(message)).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('keeps only digits in the PIN, at most 4', async () => {
    const { form } = await openLogin();
    const pin = form.getByLabelText('PIN') as HTMLInputElement;
    fireEvent.change(pin, { target: { value: '12a345' } });
    expect(pin.value).toBe('1234');
  });

  it.each([
    ['0701234567', '0000', 'Incorrect phone number or PIN.'],
    ['0708888888', '1234', 'Too many wrong PINs. PIN login for this number is locked for 15 minutes.'],
  ])('tells why %s with PIN %s is refused', async (phone, pinValue, message) => {
    const { form } = await openLogin();
    enterPhoneAndPin(form, phone, pinValue);
    expect((await form.findByRole('alert')).textContent).toContain(message);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers to create an account when the phone has none', async () => {
    const { form } = await openLogin();
    enterPhoneAndPin(form, '0709999999', '1234');
    const alert = await form.findByRole('alert');
    expect(alert.textContent).toContain('No account was found for this phone number.');
    expect(within(alert).getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('#/createaccount');
  });

  it('says so on a wrong code, and goes back to change the number', async () => {
    const { form } = await openLogin();
    enterPhoneAndPin(form, '0701234567', '1234');
    const codeForm = within(await screen.findByRole('form', { name: 'Code from the text message' }));
    fireEvent.click(codeForm.getByRole('button', { name: 'Log in' }));
    expect(await codeForm.findByText('The code is 4 digits.')).toBeTruthy();
    fireEvent.change(codeForm.getByLabelText('Code from the text message'), { target: { value: '1111' } });
    fireEvent.click(codeForm.getByRole('button', { name: 'Log in' }));
    expect((await codeForm.findByRole('alert')).textContent).toContain('Wrong code.');

    fireEvent.click(codeForm.getByRole('button', { name: 'Back' }));
    const again = within(await screen.findByRole('form', { name: 'or with mobile number and PIN' }));
    await waitFor(() => expect((again.getByLabelText('Mobile number') as HTMLInputElement).value).toBe('0701234567'));
    expect((again.getByLabelText('PIN') as HTMLInputElement).value).toBe('');
  });
});
