import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../../test/auth-fixtures.ts';
import { renderAppAt } from '../../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../../test/test-http-server.ts';
import type { AppServices } from '../../../lib/create-app-services.ts';

let server: TestHttpServer | undefined;
let services: AppServices | undefined;

const registrationId = 'reg_0123456789abcdef';
const phoneToken = 'phoneToken_0123456789';
const emailToken = 'emailToken_0123456789';
const registered = '+46701111111';

/** The five sign-up endpoints; the phone `registered` has an account, code 4321 and e-mail code ABC234 are right. */
async function openSignUp(hash = '#/createaccount') {
  server = await startTestHttpServer((request, response) => {
    const body = request.body ? JSON.parse(request.body) : {};
    switch (pathOf(request.url)) {
      case '/v2/linktinker/app/register/sms':
        if (body.phoneNumber === registered)
          return sendJson(response, 409, { code: 'ACCOUNT_EXISTS', message: 'exists', requestId: 'r' });
        return sendJson(response, 200, {
          RegistrationId: registrationId,
          PhoneNumberToken: phoneToken,
          PhoneNumberMasked: '+46 70•••• 67',
        });
      case '/v2/linktinker/app/register/sms/validate':
        if (body.Code !== '4321') return sendJson(response, 406, { code: 'WRONG_CODE', message: 'no', requestId: 'r' });
        return sendJson(response, 200, { RegistrationId: registrationId, NextStep: 'pin' });
      case '/v2/linktinker/app/register/pin':
        return sendJson(response, 200, { RegistrationId: registrationId, NextStep: 'email' });
      case '/v2/linktinker/app/register/email':
        return sendJson(response, 200, { EmailAddressToken: emailToken });
      case '/v2/linktinker/app/register/email/validate':
        if (body.Code !== 'ABC234')
          return sendJson(response, 406, { code: 'WRONG_CODE', message: 'no', requestId: 'r' });
        return sendJson(response, 200, { ...authStateFor({ token: 'new-user' }), IsNewUser: true });
      default:
        return sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
    }
  });
  ({ services } = renderAppAt(hash, { apiBaseUrl: server.apiBase }));
  await screen.findByRole('heading', { name: 'Create your Signlink account' });
  return { requests: server.requests };
}

async function step(name: string) {
  return within(await screen.findByRole('form', { name }));
}

const bodies = (requests: { url: string; body: string }[]) =>
  requests.map((request) => [pathOf(request.url).replace('/v2/linktinker/app/', ''), JSON.parse(request.body)]);

async function reachPinStep() {
  const phone = await step('Your mobile number');
  fireEvent.change(phone.getByLabelText('Mobile number'), { target: { value: '070 123 45 67' } });
  fireEvent.click(phone.getByRole('button', { name: 'Send code' }));
  const code = await step('Confirm your number');
  fireEvent.change(code.getByLabelText('Code from the text message'), { target: { value: '4321' } });
  fireEvent.click(code.getByRole('button', { name: 'Continue' }));
  return step('Choose a PIN');
}

describe('registration stepper (SPEC section 2, registration steps)', () => {
  it('goes phone → code → PIN → name and e-mail → code, and signs the new user in', { timeout: 15_000 }, async () => {
    const { requests } = await openSignUp();
    const stepper = screen.getByText('Step 1 of 5');
    expect(stepper).toBeTruthy();

    const pin = await reachPinStep();
    expect(screen.getByText('Step 3 of 5')).toBeTruthy();
    fireEvent.change(pin.getByLabelText('Choose a PIN (4 digits)'), { target: { value: '2468' } });
    fireEvent.change(pin.getByLabelText('Repeat the PIN'), { target: { value: '2468' } });
    fireEvent.click(pin.getByRole('button', { name: 'Continue' }));

    const email = await step('Your name and e-mail');
    fireEvent.change(email.getByLabelText('Your name'), { target: { value: ' Nora Nilsson ' } });
    fireEvent.change(email.getByLabelText('E-mail address'), { target: { value: 'nora@Example.COM' } });
    fireEvent.click(email.getByRole('button', { name: 'Send code' }));

    const emailCode = await step('Confirm your e-mail');
    expect(emailCode.getByText(/Enter the code we sent to nora@Example\.COM\./)).toBeTruthy();
    fireEvent.change(emailCode.getByLabelText('Code from the e-mail'), { target: { value: 'abc 234' } });
    fireEvent.click(emailCode.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: /^Welcome/ })).toBeTruthy();
    expect(services?.authStore.getToken()).toBe('new-user');
    expect(bodies(requests)).toEqual([
      ['register/sms', { phoneNumber: '+46701234567', lang: 'en-us' }],
      ['register/sms/validate', { RegistrationId: registrationId, PhoneNumberToken: phoneToken, Code: '4321' }],
      ['register/pin', { RegistrationId: registrationId, Pin: '2468' }],
      ['register/email', { RegistrationId: registrationId, EmailAddress: 'nora@example.com', Name: 'Nora Nilsson' }],
      ['register/email/validate', { RegistrationId: registrationId, EmailAddressToken: emailToken, Code: 'ABC234' }],
    ]);
  });

  it.each(['0123', '+46 0701234567', '070 12'])('refuses the invalid phone number %j', async (value) => {
    const { requests } = await openSignUp('#/sign-up');
    const phone = await step('Your mobile number');
    fireEvent.change(phone.getByLabelText('Mobile number'), { target: { value } });
    fireEvent.click(phone.getByRole('button', { name: 'Send code' }));
    expect(await phone.findByText('The phone number is not valid.')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('offers to log in instead when the phone is registered already', async () => {
    await openSignUp();
    const phone = await step('Your mobile number');
    fireEvent.change(phone.getByLabelText('Mobile number'), { target: { value: '+46 70 111 11 11' } });
    fireEvent.click(phone.getByRole('button', { name: 'Send code' }));
    const alert = await phone.findByRole('alert');
    expect(alert.textContent).toContain('An account with this e-mail address or phone number already exists.');
    expect(within(alert).getByRole('link', { name: 'Log in instead' }).getAttribute('href')).toBe('#/login');
  });

  it('offers BankID as the other way in on the first step only', async () => {
    await openSignUp();
    expect(screen.getByRole('button', { name: 'Create an account with BankID' })).toBeTruthy();
    const phone = await step('Your mobile number');
    fireEvent.change(phone.getByLabelText('Mobile number'), { target: { value: '0701234567' } });
    fireEvent.click(phone.getByRole('button', { name: 'Send code' }));
    await step('Confirm your number');
    expect(screen.queryByRole('button', { name: 'Create an account with BankID' })).toBeNull();
  });

  it('tells a wrong code, and goes back to change the number', async () => {
    await openSignUp();
    const phone = await step('Your mobile number');
    fireEvent.change(phone.getByLabelText('Mobile number'), { target: { value: '0701234567' } });
    fireEvent.click(phone.getByRole('button', { name: 'Send code' }));
    const code = await step('Confirm your number');
    fireEvent.change(code.getByLabelText('Code from the text message'), { target: { value: '0000' } });
    fireEvent.click(code.getByRole('button', { name: 'Continue' }));
    expect((await code.findByRole('alert')).textContent).toContain('Wrong code.');
    fireEvent.click(code.getByRole('button', { name: 'Back' }));
    const again = await step('Your mobile number');
    expect((again.getByLabelText('Mobile number') as HTMLInputElement).value).toBe('0701234567');
  });

  it('needs the PIN to be 4 digits, typed the same twice', async () => {
    const { requests } = await openSignUp();
    const pin = await reachPinStep();
    const sent = requests.length;
    fireEvent.change(pin.getByLabelText('Choose a PIN (4 digits)'), { target: { value: '24' } });
    fireEvent.click(pin.getByRole('button', { name: 'Continue' }));
    expect(await pin.findByText('The PIN is exactly 4 digits.')).toBeTruthy();

    fireEvent.change(pin.getByLabelText('Choose a PIN (4 digits)'), { target: { value: '2468' } });
    fireEvent.change(pin.getByLabelText('Repeat the PIN'), { target: { value: '2469' } });
    fireEvent.click(pin.getByRole('button', { name: 'Continue' }));
    expect(await pin.findByText('The PINs do not match.')).toBeTruthy();
    expect(requests).toHaveLength(sent);
    // Both PIN fields are masked, with their own show/hide toggle.
    expect(pin.getAllByRole('button', { name: 'Show PIN' })).toHaveLength(2);
  });

  it('needs a name and a valid e-mail address', async () => {
    const { requests } = await openSignUp();
    const pin = await reachPinStep();
    fireEvent.change(pin.getByLabelText('Choose a PIN (4 digits)'), { target: { value: '2468' } });
    fireEvent.change(pin.getByLabelText('Repeat the PIN'), { target: { value: '2468' } });
    fireEvent.click(pin.getByRole('button', { name: 'Continue' }));
    const email = await step('Your name and e-mail');
    const sent = requests.length;
    fireEvent.change(email.getByLabelText('E-mail address'), { target: { value: 'nora@example' } });
    fireEvent.click(email.getByRole('button', { name: 'Send code' }));
    expect(await email.findByText('Enter your name.')).toBeTruthy();
    expect(email.getByText('The e-mail address is not valid.')).toBeTruthy();
    expect(requests).toHaveLength(sent);
  });
});
