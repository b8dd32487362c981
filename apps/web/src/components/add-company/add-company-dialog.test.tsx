import type { AuthState } from '@signlink/contracts/auth/auth-state';
import { timings } from '@signlink/contracts/constants';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../test/auth-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../test/test-http-server.ts';
import type { AppServices } from '../../lib/create-app-services.ts';

let server: TestHttpServer | undefined;
let services: AppServices | undefined;

// Real timers against a real server: the BankID dialog's 1 s refresh is waited out for real.
const slowTest = 15_000;
const key = 'orgKey_0123456789abcdefgh';
const bankId = '/v2/linktinker/app/bankid';
const anna = { PersonalNumber: '19900101-1239', Name: 'Anna Andersson', GivenName: 'Anna', Surname: 'Andersson' };
const address = { Street: 'Storgatan 1', ZipCode: '111 22', City: 'Stockholm' };
const alfa = { OrgNumber: '559100-0012', LegalName: 'Testbolaget Alfa AB', LegalForm: 'Aktiebolag' };
const alfaInfo = { ...alfa, Address: address, IsActive: true, AlreadyHaveAccessToAccount: false };

/** The server's 201: signed in to the new company, which is now among the user's accounts. */
function signedInTo(name: string, currency: 'SEK' | 'EUR'): AuthState {
  const auth = authStateFor({ token: 'new-company-token' });
  const account = { AccountId: 'acc-new', Name: name, Type: 'company' as const, Role: 2 as const };
  return {
    ...auth,
    user: { ...auth.user, AccountId: 'acc-new', AccountName: name, Currency: currency },
    // The company's first account: a Swedish one has the welcome offer on its balance.
    balances: { ...auth.balances, TotalBalance: currency === 'SEK' ? 125_00 : 0, TotalBalanceEurCent: 0 },
    accounts: [...auth.accounts, account],
    IsNewCompany: true,
  };
}

type Answer = { status: number; body: unknown };
const failure = (status: number, code: string, details?: unknown): Answer => ({
  status,
  body: { code, message: code, requestId: 'r', details },
});

/**
 * Demo Admin signed in, with a server that answers the wizard's calls: `answers` holds what `companyinfo` and
 * `accounts` say next (default: the register's Alfa AB, and the new company).
 */
async function openWizard(signedIn: AuthState = authStateFor({ token: 'company-token' })) {
  const answers: { companyInfo: Answer[]; accounts: Answer[] } = { companyInfo: [], accounts: [] };
  server = await startTestHttpServer((request, response) => {
    const path = pathOf(request.url);
    const body = request.body ? JSON.parse(request.body) : {};
    if (path === '/v2/linktinker/app/account/companyinfo') {
      const next = answers.companyInfo.shift() ?? { status: 200, body: alfaInfo };
      return sendJson(response, next.status, next.body);
    }
    if (path === `${bankId}/orgnumber`) {
      return sendJson(response, 200, { ClientAccessKey: key, AutoStartURL: 'bankid:///', QrCodeData: 'bankid.t.0.h' });
    }
    if (path === `${bankId}/${key}`) return sendJson(response, 200, { Status: 'complete' });
    if (path === `${bankId}/validate/orgnumber`) {
      const company = { ...alfa, Address: { ...address, CountryCode: 'SE' }, Roles: ['authorised-signatory'] };
      return sendJson(response, 200, { Status: 'complete', User: anna, Company: company });
    }
    if (path === '/v2/user/accounts/acc-alfa/switch') {
      const auth = authStateFor({ token: 'alfa-token' });
      return sendJson(response, 200, {
        ...signedIn,
        accessToken: 'alfa-token',
        user: { ...auth.user, AccountId: 'acc-alfa', AccountName: alfa.LegalName },
      });
    }
    if (path === '/v2/linktinker/app/accounts') {
      const created = signedInTo(
        body.CountryCode === 'SE' ? alfa.LegalName : body.LegalName,
        body.CountryCode === 'SE' ? 'SEK' : 'EUR',
      );
      const next = answers.accounts.shift() ?? { status: 201, body: created };
      return sendJson(response, next.status, next.body);
    }
    sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
  ({ services } = renderAppAt('#/dashboard', { apiBaseUrl: server.apiBase }));
  const session = services.session;
  act(() => session.signIn(signedIn));
  fireEvent.click(await screen.findByRole('button', { name: 'Account menu for Demo Admin' }));
  fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Add company' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add a company' }));
  const requests = server.requests;
  const bodiesTo = (path: string) => requests.filter((r) => pathOf(r.url) === path).map((r) => JSON.parse(r.body));
  return { dialog, answers, bodiesTo };
}

describe('add company (SPEC section 2, wizards)', () => {
  it(
    'finds a Swedish company, proves it with BankID and acts for it, with the welcome offer said',
    async () => {
      const { dialog, bodiesTo } = await openWizard();
      expect(dialog.getByRole('combobox', { name: 'Country' }).textContent).toBe('Sweden');
      expect(dialog.getByText(/Norway.*Switzerland.*Serbia cannot be added yet/)).toBeTruthy();
      fireEvent.click(dialog.getByRole('button', { name: 'Continue' }));

      const orgNumber = await dialog.findByRole('textbox', { name: 'Organisation number' });
      fireEvent.change(orgNumber, { target: { value: '5591000013' } });
      expect((orgNumber as HTMLInputElement).value).toBe('559100-0013');
      fireEvent.click(dialog.getByRole('button', { name: 'Find the company' }));
      // The check digit is wrong: said at once, and nothing is asked of the register.
      expect(await dialog.findByText('Enter a valid organisation number: 10 digits, NNNNNN-NNNN.')).toBeTruthy();
      expect(bodiesTo('/v2/linktinker/app/account/companyinfo')).toEqual([]);

      fireEvent.change(orgNumber, { target: { value: '5591000012' } });
      fireEvent.click(dialog.getByRole('button', { name: 'Find the company' }));
      const card = within(await dialog.findByRole('region', { name: 'Testbolaget Alfa AB' }));
      expect(card.getByText('Org. no. 559100-0012 · Aktiebolag')).toBeTruthy();
      expect(card.getByText(/Storgatan 1/)).toBeTruthy();
      expect(bodiesTo('/v2/linktinker/app/account/companyinfo')).toEqual([{ OrgNumber: '5591000012' }]);

      fireEvent.click(dialog.getByRole('button', { name: 'Verify with BankID' }));
      const bankIdDialog = within(await screen.findByRole('dialog', { name: 'Verify with BankID' }));
      fireEvent.click(bankIdDialog.getByRole('button', { name: /Mobile BankID/ }));
      expect(
        await dialog.findByText('Verified: Anna Andersson may act for Testbolaget Alfa AB.', undefined, {
          timeout: timings.bankIdQrRefreshMs * 3,
        }),
      ).toBeTruthy();
      expect(bodiesTo(`${bankId}/validate/orgnumber`)).toEqual([{ ClientAccessKey: key, OrgNumber: '5591000012' }]);

      fireEvent.change(dialog.getByLabelText('E-mail for invoices (optional)'), {
        target: { value: 'faktura@ALFA.test' },
      });
      fireEvent.click(dialog.getByRole('button', { name: 'Add company' }));
      const done = await dialog.findByRole('status');
      expect(done.textContent).toBe(
        'Testbolaget Alfa AB has been added, and you now act for it. As a welcome, the company has 125.00 SEK on its balance.',
      );
      expect(bodiesTo('/v2/linktinker/app/accounts')).toEqual([
        { CountryCode: 'SE', OrgNumber: '5591000012', ClientAccessKey: key, InvoiceEmail: 'faktura@alfa.test' },
      ]);
      expect(services?.authStore.getToken()).toBe('new-company-token');
      fireEvent.click(dialog.getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    },
    slowTest,
  );

  it('adds a Finnish company by its VAT number, and says when VIES refuses it', { timeout: slowTest }, async () => {
    const { dialog, answers, bodiesTo } = await openWizard();
    fireEvent.mouseDown(dialog.getByRole('combobox', { name: 'Country' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Finland' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    await dialog.findByRole('form', { name: 'Company in Finland' });

    const fill = (label: RegExp, value: string) =>
      fireEvent.change(dialog.getByLabelText(label), { target: { value } });
    fill(/^Legal name\W*$/, 'Virtasen Ohjelmistot');
    fill(/^VAT number\W*$/, 'SE559100001201');
    fill(/^Address\W*$/, 'Mannerheimintie 1');
    fill(/^Postcode\W*$/, '00100');
    fill(/^City\W*$/, 'Helsinki');
    fireEvent.click(dialog.getByRole('button', { name: 'Add company' }));
    expect(await dialog.findByText('Enter a VAT number of Finland: FI and the number.')).toBeTruthy();
    expect(bodiesTo('/v2/linktinker/app/accounts')).toEqual([]);

    fill(/^VAT number\W*$/, 'fi 2917 0118');
    const details = { reason: 'name-mismatch', registeredName: 'Virtasen Ohjelmistot Oy' };
    answers.accounts.push(failure(422, 'VAT_INVALID', details));
    fireEvent.click(dialog.getByRole('button', { name: 'Add company' }));
    expect((await dialog.findByRole('alert')).textContent).toContain('The VAT number is invalid.');
    expect(dialog.getByText('VIES has this VAT number registered to “Virtasen Ohjelmistot Oy”.')).toBeTruthy();
    expect(services?.authStore.getToken()).toBe('company-token');

    fill(/^Legal name\W*$/, 'Virtasen Ohjelmistot Oy');
    fireEvent.click(dialog.getByRole('button', { name: 'Add company' }));
    const done = await dialog.findByRole('status');
    expect(done.textContent).toBe('Virtasen Ohjelmistot Oy has been added, and you now act for it.');
    expect(bodiesTo('/v2/linktinker/app/accounts').at(-1)).toEqual({
      CountryCode: 'FI',
      LegalName: 'Virtasen Ohjelmistot Oy',
      VatNumber: 'FI29170118',
      AddressLine1: 'Mannerheimintie 1',
      ZipCode: '00100',
      City: 'Helsinki',
    });
    expect(services?.authStore.getToken()).toBe('new-company-token');
  });

  it('stops before BankID for a company the user already has, and switches to it', { timeout: slowTest }, async () => {
    const signedIn = authStateFor({ token: 'company-token' });
    signedIn.accounts.push({ AccountId: 'acc-alfa', Name: 'Testbolaget Alfa AB', Type: 'company', Role: 5 });
    const { dialog, answers, bodiesTo } = await openWizard(signedIn);
    answers.companyInfo.push({
      status: 200,
      body: { ...alfaInfo, AlreadyHaveAccessToAccount: true, HeldAccountId: 'acc-alfa' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    fireEvent.change(await dialog.findByRole('textbox', { name: 'Organisation number' }), {
      target: { value: '5591000012' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Find the company' }));
    const held = await dialog.findByRole('alert');
    expect(held.textContent).toContain(
      'You already have access to this company account. Switch to it, or enter another number.',
    );
    expect(dialog.queryByRole('button', { name: 'Verify with BankID' })).toBeNull();

    // Another number is one way on…
    fireEvent.click(dialog.getByRole('button', { name: 'Enter another number' }));
    expect(await dialog.findByRole('textbox', { name: 'Organisation number' })).toBeTruthy();
    answers.companyInfo.push({
      status: 200,
      body: { ...alfaInfo, AlreadyHaveAccessToAccount: true, HeldAccountId: 'acc-alfa' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Find the company' }));
    // …acting for the account the user has is the other.
    fireEvent.click(await dialog.findByRole('button', { name: 'Switch to it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(services?.authStore.getToken()).toBe('alfa-token');
    expect(bodiesTo(`${bankId}/orgnumber`)).toEqual([]);
    expect(bodiesTo('/v2/linktinker/app/accounts')).toEqual([]);
  });

  it('says inline when the register cannot be asked or has no such company', { timeout: slowTest }, async () => {
    const { dialog, answers } = await openWizard();
    fireEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    fireEvent.change(await dialog.findByRole('textbox', { name: 'Organisation number' }), {
      target: { value: '559999-9991' },
    });
    // A 502 is tried once more by the API client (SPEC section 7), so the register fails twice.
    const lookupFailed = failure(502, 'COMPANY_LOOKUP_FAILED');
    answers.companyInfo.push(lookupFailed, lookupFailed, failure(404, 'NOT_FOUND'));
    fireEvent.click(dialog.getByRole('button', { name: 'Find the company' }));
    expect((await dialog.findByRole('alert')).textContent).toContain('The company lookup failed.');

    fireEvent.click(dialog.getByRole('button', { name: 'Find the company' }));
    expect(await dialog.findByText('The company register has no company with this organisation number.')).toBeTruthy();
    expect(dialog.queryByRole('alert')).toBeNull();
    expect(dialog.queryByRole('region')).toBeNull();
  });
});
