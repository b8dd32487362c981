import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor, pathOf } from '../../../../test/auth-fixtures.ts';
import { renderAppAt } from '../../../../test/render-app.tsx';
import { sendJson, startTestHttpServer, type TestHttpServer } from '../../../../test/test-http-server.ts';
import { authStorageKey } from '../../../api/auth-store.ts';

let server: TestHttpServer | undefined;

const address = {
  LegalName: 'Demo Company AB',
  OrgNumber: '5560000001',
  VatNumber: 'SE556000000101',
  AddressLine1: 'Storgatan 1',
  AddressLine2: null,
  ZipCode: '111 22',
  City: 'Stockholm',
  Province: null,
  CountryCode: 'SE',
  InvoiceAddress: null,
  InvoiceEmail: null,
};

async function open(role = 2, accessLevelStatus = 200) {
  localStorage.setItem(authStorageKey, 'token-1');
  server = await startTestHttpServer((request, response) => {
    const path = pathOf(request.url);
    const auth = authStateFor();
    if (path === '/v2/user') return sendJson(response, 200, { ...auth, user: { ...auth.user, Role: role } });
    if (path === '/v2/linktinker/app/account/address') {
      if (request.method === 'PUT') return sendJson(response, 200, { ...address, ...JSON.parse(request.body) });
      return sendJson(response, 200, address);
    }
    if (path === '/v2/linktinker/account/defaultaccesslevel') {
      if (accessLevelStatus !== 200)
        return sendJson(response, accessLevelStatus, { code: 'FORBIDDEN', message: 'no', requestId: 'r' });
      return sendJson(response, 200, JSON.parse(request.body));
    }
    sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
  renderAppAt('#/settings/company', { apiBaseUrl: server.apiBase });
  const form = within(await screen.findByRole('form', { name: 'Billing address' }));
  await waitFor(() => expect((form.getByLabelText(/^City/) as HTMLInputElement).value).toBe('Stockholm'));
  return { form, requests: server.requests };
}

describe('/settings/company (SPEC sections 2 and 6)', () => {
  it('shows the proven company facts and saves the billing address', { timeout: 15_000 }, async () => {
    const { form, requests } = await open();
    expect(form.getByText('5560000001')).toBeTruthy();
    expect(form.getByText('SE556000000101')).toBeTruthy();
    fireEvent.change(form.getByLabelText(/^City/), { target: { value: '' } });
    fireEvent.click(form.getByRole('button', { name: 'Save address' }));
    expect(await form.findByText('Fill this in.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    fireEvent.change(form.getByLabelText(/^City/), { target: { value: 'Göteborg' } });
    fireEvent.change(form.getByLabelText('E-mail for invoices'), { target: { value: 'invoices@demo.se' } });
    fireEvent.click(form.getByRole('button', { name: 'Save address' }));
    expect((await form.findByRole('status')).textContent).toBe('The billing address has been saved.');
    const put = requests.find((r) => r.method === 'PUT');
    expect(JSON.parse(put?.body ?? '')).toEqual({
      AddressLine1: 'Storgatan 1',
      ZipCode: '111 22',
      City: 'Göteborg',
      InvoiceEmail: 'invoices@demo.se',
    });
  });

  it('saves the default access level of new documents', { timeout: 15_000 }, async () => {
    const { requests } = await open();
    const group = within(screen.getByRole('radiogroup', { name: 'New documents' }));
    expect((group.getByLabelText('Private: only the sender') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(group.getByLabelText("Shared with the account's users"));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    const put = requests.find((r) => pathOf(r.url) === '/v2/linktinker/account/defaultaccesslevel');
    expect(JSON.parse(put?.body ?? '')).toEqual({ DefaultAccessLevel: 'shared' });
  });

  it('puts the old level back when saving fails', { timeout: 15_000 }, async () => {
    await open(2, 403);
    const group = within(screen.getByRole('radiogroup', { name: 'New documents' }));
    fireEvent.click(group.getByLabelText("Shared with the account's users"));
    expect((await screen.findByRole('alert')).textContent).toContain('You do not have permission to do this.');
    expect((group.getByLabelText('Private: only the sender') as HTMLInputElement).checked).toBe(true);
  });

  it.each([5, 11, 12])('is read only for role %i', { timeout: 15_000 }, async (role) => {
    const { form } = await open(role);
    expect(
      screen.getByText('Only administrators can change the account settings. You can see them here.'),
    ).toBeTruthy();
    expect((form.getByLabelText(/^City/) as HTMLInputElement).disabled).toBe(true);
    expect(form.queryByRole('button', { name: 'Save address' })).toBeNull();
    expect((screen.getByLabelText("Shared with the account's users") as HTMLInputElement).disabled).toBe(true);
  });
});
