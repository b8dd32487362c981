import type { AccountAddress } from '@signlink/contracts/accounts/account-settings';
import { timings } from '@signlink/contracts/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../../test/auth-fixtures.ts';
import { renderAppAt } from '../../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../../test/test-http-server.ts';
import { authStorageKey } from '../../../api/auth-store.ts';
import type { AppServices } from '../../../lib/create-app-services.ts';

let server: TestHttpServer | undefined;
let services: AppServices | undefined;

// Real timers against a real server: the BankID dialog's 1 s refresh is waited out for real.
const slowTest = 15_000;
const key = 'orgKey_0123456789abcdefgh';
const bankId = '/v2/linktinker/app/bankid';
const proveUrl = '/v2/linktinker/app/account/validate/orgnumber';
const anna = { PersonalNumber: '19900101-1239', Name: 'Anna Andersson', GivenName: 'Anna', Surname: 'Andersson' };
const alfa = { OrgNumber: '559100-0012', LegalName: 'Testbolaget Alfa AB', LegalForm: 'Aktiebolag' };

/** The demo company as made: Swedish, its number never proven. */
const unproven: AccountAddress = {
  LegalName: null,
  OrgNumber: null,
  VatNumber: null,
  AddressLine1: 'Demovägen 1',
  AddressLine2: null,
  ZipCode: '111 11',
  City: 'Stockholm',
  Province: null,
  CountryCode: 'SE',
  InvoiceAddress: null,
  InvoiceEmail: null,
};
const proven: AccountAddress = {
  ...unproven,
  LegalName: 'Testbolaget Alfa AB',
  OrgNumber: '559100-0012',
  VatNumber: 'SE559100001201',
  AddressLine1: 'Storgatan 1',
  ZipCode: '111 22',
};

type Answer = [number, unknown];

async function open({ role = 2, address = unproven }: { role?: number; address?: AccountAddress } = {}) {
  localStorage.setItem(authStorageKey, 'token-1');
  const answers: Answer[] = [];
  let stored = address;
  server = await startTestHttpServer((request, response) => {
    const path = pathOf(request.url);
    const auth = authStateFor();
    if (path === '/v2/user') return sendJson(response, 200, { ...auth, user: { ...auth.user, Role: role } });
    if (path === '/v2/linktinker/app/account/address') return sendJson(response, 200, stored);
    if (path === `${bankId}/orgnumber`) {
      return sendJson(response, 200, { ClientAccessKey: key, AutoStartURL: 'bankid:///', QrCodeData: 'bankid.t.0.h' });
    }
    if (path === `${bankId}/${key}`) return sendJson(response, 200, { Status: 'complete' });
    if (path === `${bankId}/validate/orgnumber`) {
      const company = {
        ...alfa,
        Address: { Street: 'Storgatan 1', ZipCode: '111 22', City: 'Stockholm', CountryCode: 'SE' },
        Roles: ['authorised-signatory'],
      };
      return sendJson(response, 200, { Status: 'complete', User: anna, Company: company });
    }
    if (path === proveUrl) {
      const [status, body] = answers.shift() ?? [200, proven];
      if (status === 200) stored = body as AccountAddress;
      return sendJson(response, status, body);
    }
    sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
  ({ services } = renderAppAt('#/settings/company', { apiBaseUrl: server.apiBase }));
  await screen.findByRole('form', { name: 'Billing address' });
  const proofs = () => server?.requests.filter((r) => pathOf(r.url) === proveUrl).map((r) => JSON.parse(r.body));
  return { answers, proofs };
}

/** Types the number, goes through BankID with Mobile BankID and waits for the dialog to hand the order over. */
async function verifyWithBankId(form: ReturnType<typeof within>, orgNumber: string) {
  fireEvent.change(form.getByRole('textbox', { name: 'Organisation number' }), { target: { value: orgNumber } });
  fireEvent.click(form.getByRole('button', { name: 'Verify with BankID' }));
  const bankIdDialog = within(await screen.findByRole('dialog', { name: 'Verify with BankID' }));
  fireEvent.click(bankIdDialog.getByRole('button', { name: /Mobile BankID/ }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: timings.bankIdQrRefreshMs * 3 });
}

describe('/settings/company: verify the organisation number (SPEC sections 5 and 7)', () => {
  it('proves the number with BankID and shows the registry’s name and address', { timeout: slowTest }, async () => {
    const { proofs } = await open();
    const form = within(await screen.findByRole('form', { name: 'Verify organisation number' }));
    fireEvent.change(form.getByRole('textbox', { name: 'Organisation number' }), { target: { value: '5591000013' } });
    fireEvent.click(form.getByRole('button', { name: 'Verify with BankID' }));
    expect(await form.findByText('Enter a valid organisation number: 10 digits, NNNNNN-NNNN.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await verifyWithBankId(form, '5591000012');
    expect((await screen.findByRole('status')).textContent).toBe(
      'The organisation number 559100-0012 has been verified for Testbolaget Alfa AB. The legal name and address are now the company register’s.',
    );
    expect(proofs()).toEqual([{ OrgNumber: '5591000012', ClientAccessKey: key }]);
    expect(screen.queryByRole('form', { name: 'Verify organisation number' })).toBeNull();
    const address = within(screen.getByRole('form', { name: 'Billing address' }));
    expect(address.getByText('559100-0012')).toBeTruthy();
    expect(address.getByText('Testbolaget Alfa AB')).toBeTruthy();
    expect((address.getByLabelText(/^Address\W*$/) as HTMLInputElement).value).toBe('Storgatan 1');
  });

  it('says the server’s refusal inline and keeps the address as it was', { timeout: slowTest }, async () => {
    const { answers } = await open();
    answers.push([403, { code: 'ORG_NUMBER_VERIFICATION_FAILED', message: 'no', requestId: 'r' }]);
    const form = within(await screen.findByRole('form', { name: 'Verify organisation number' }));
    await verifyWithBankId(form, '559100-0012');
    expect((await form.findByRole('alert')).textContent).toContain(
      'The organisation number could not be verified. Only authorised persons can do this.',
    );
    expect(services?.authStore.getToken()).toBe('token-1');
    const address = within(screen.getByRole('form', { name: 'Billing address' }));
    expect((address.getByLabelText(/^Address\W*$/) as HTMLInputElement).value).toBe('Demovägen 1');
  });

  it.each([
    ['a member', { role: 5 }],
    ['a proven number', { address: proven }],
    ['a company of another country', { address: { ...unproven, CountryCode: 'FI' } }],
  ])('is not offered for %s', { timeout: slowTest }, async (_case, options) => {
    await open(options);
    expect(screen.queryByRole('form', { name: 'Verify organisation number' })).toBeNull();
    expect(screen.queryByText('Verify organisation number')).toBeNull();
  });
});
