import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../../test/auth-fixtures.ts';
import { renderAppAt } from '../../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../../test/test-http-server.ts';
import { authStorageKey } from '../../../api/auth-store.ts';

let server: TestHttpServer | undefined;

const customer = {
  AccountId: 'acc_customer0123456789',
  Name: 'Andersson Konsult AB',
  Currency: 'SEK',
  EmailAddress: 'anna@andersson.test',
  PricePlanId: 'MEDIUM',
  Years: 2,
  SignaturesPerYear: 450,
  StartDate: '2026-12-01T00:00:00.000Z',
  EndDate: '2028-12-01T00:00:00.000Z',
  InvoiceSetting: 'partner',
  AdditionalAmount: 250_00,
};

/** A partner's administrator on the customers screen; the server answers the wizard's five calls. */
async function open() {
  localStorage.setItem(authStorageKey, 'token-1');
  server = await startTestHttpServer((request, response) => {
    const url = pathOf(request.url);
    const body = request.body ? JSON.parse(request.body) : {};
    const auth = authStateFor();
    if (url === '/v2/user') return sendJson(response, 200, { ...auth, user: { ...auth.user, IsPartner: true } });
    if (url === '/v2/linktinker/app/account/customerinvitations') return sendJson(response, 200, { Invitations: [] });
    if (url === '/v2/linktinker/app/partner/priceplans') {
      return sendJson(response, 200, {
        Currency: 'SEK',
        Plans: [
          { PricePlanId: 'SMALL', YearlyFee: 2_990_00, DefaultSignaturesPerYear: 100, MaxYears: 3 },
          { PricePlanId: 'MEDIUM', YearlyFee: 6_990_00, DefaultSignaturesPerYear: 300, MaxYears: 3 },
        ],
      });
    }
    if (url === '/v2/linktinker/app/accounts/validation/email')
      return sendJson(response, 200, { EmailAddressToken: 'codeToken_0123456789' });
    if (url === '/v2/linktinker/app/accounts/validation/validate') {
      if (body.Code !== 'ABC123')
        return sendJson(response, 406, { code: 'WRONG_CODE', message: 'wrong', requestId: 'r' });
      return sendJson(response, 200, { EmailAddress: 'anna@andersson.test', EmailVerificationToken: 'proof-1' });
    }
    if (url === '/v2/linktinker/app/accounts/register') return sendJson(response, 201, customer);
    if (url === '/v2/linktinker/app/accounts/token') {
      return sendJson(response, 201, {
        ...auth,
        accessToken: 'token-customer',
        user: { ...auth.user, AccountId: customer.AccountId, AccountName: customer.Name },
      });
    }
    sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
  renderAppAt('#/settings/customers', { apiBaseUrl: server.apiBase });
  return server.requests;
}

const bodyOf = (requests: { url: string; body: string }[], path: string) =>
  JSON.parse(requests.find((request) => pathOf(request.url) === path)?.body ?? '{}');

describe('the add-customer wizard’s direct path (SPEC sections 2, 3 and 6)', () => {
  it('proves the e-mail, sends the terms, and enters the new account', { timeout: 30_000 }, async () => {
    const requests = await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add customer account' }));
    const invite = within(await screen.findByRole('dialog', { name: 'Add customer account' }));
    fireEvent.click(invite.getByRole('button', { name: 'Set up the account myself instead' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Set up a customer account' }));
    fireEvent.change(dialog.getByRole('textbox', { name: 'E-mail address' }), {
      target: { value: 'anna@andersson.test' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Send code' }));
    const code = await dialog.findByRole('textbox', { name: 'Code from the e-mail' });
    expect(bodyOf(requests, '/v2/linktinker/app/accounts/validation/email')).toEqual({
      EmailAddress: 'anna@andersson.test',
    });

    fireEvent.change(code, { target: { value: 'WRONG1' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Check code' }));
    expect(await dialog.findByRole('alert')).toBeTruthy();
    fireEvent.change(code, { target: { value: 'ABC123' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Check code' }));

    fireEvent.change(await dialog.findByRole('textbox', { name: /Organisation number/ }), {
      target: { value: '559100-0012' },
    });
    fireEvent.mouseDown(dialog.getByRole('combobox', { name: 'Price plan' }));
    fireEvent.click(await screen.findByRole('option', { name: 'MEDIUM: 6 990.00 SEK a year, 300 signatures' }));
    fireEvent.mouseDown(dialog.getByRole('combobox', { name: 'Years' }));
    fireEvent.click(await screen.findByRole('option', { name: '2 years' }));
    fireEvent.change(dialog.getByRole('spinbutton', { name: 'Signatures per year' }), { target: { value: '450' } });
    fireEvent.click(dialog.getByRole('checkbox', { name: 'Activate now' }));
    fireEvent.change(dialog.getByLabelText('Start date'), { target: { value: '2026-12-01' } });
    fireEvent.click(dialog.getByRole('radio', { name: 'We do, at our invoice e-mail' }));
    fireEvent.change(dialog.getByRole('spinbutton', { name: /Additional amount/ }), { target: { value: '250' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create account' }));

    expect((await dialog.findByRole('status')).textContent).toContain('Andersson Konsult AB has MEDIUM');
    expect(bodyOf(requests, '/v2/linktinker/app/accounts/register')).toEqual({
      EmailVerificationToken: 'proof-1',
      Company: { CountryCode: 'SE', OrgNumber: '5591000012' },
      PricePlanId: 'MEDIUM',
      Years: 2,
      SignatureAmount: 450,
      ActivateNow: false,
      StartDate: '2026-12-01T00:00:00.000Z',
      InvoiceSetting: 'partner',
      AdditionalAmount: 250_00,
    });

    fireEvent.click(dialog.getByRole('button', { name: 'Enter account' }));
    await waitFor(() =>
      expect(bodyOf(requests, '/v2/linktinker/app/accounts/token')).toEqual({ AccountId: customer.AccountId }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Set up a customer account' })).toBeNull());
  });
});
