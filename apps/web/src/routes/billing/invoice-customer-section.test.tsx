import { roles } from '@signlink/contracts/auth/roles';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor } from '../../../test/auth-fixtures.ts';
import { type BillingServerOptions, callsTo, startBillingServer } from '../../../test/billing-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { authStorageKey } from '../../api/auth-store.ts';

const path = '/v2/linktinker/app/account/invoicecustomer';

async function openForm(options: BillingServerOptions = {}) {
  localStorage.setItem(authStorageKey, 'token-1');
  const server = await startBillingServer(options);
  renderAppAt('#/billing/invoice-customer', { apiBaseUrl: server.apiBase });
  return server;
}

const swedishAdmin = authStateFor({ language: 'sv' });
const regularMember = { ...swedishAdmin, user: { ...swedishAdmin.user, Role: roles.regular } };

describe('/billing/invoice-customer (SPEC section 2, invoice customer registration)', () => {
  it('checks the e-mail and address before saving, then says where invoices go', { timeout: 15_000 }, async () => {
    const server = await openForm();
    // The first screen of the file loads the app's chunks: more than findBy's second on a busy machine.
    expect(
      await screen.findByText('This account is not an invoice customer yet.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    const email = screen.getByRole('textbox', { name: /^Invoice e-mail/ });
    const address = screen.getByRole('textbox', { name: /^Invoice address/ });
    const save = screen.getByRole('button', { name: 'Save' });

    fireEvent.click(save);
    expect(await screen.findByText('Enter the e-mail address invoices should go to.')).toBeTruthy();
    expect(screen.getByText('Enter the invoice address.')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'faktura@' } });
    expect(await screen.findByText('The e-mail address is not valid.')).toBeTruthy();
    expect(callsTo(server.requests, 'PUT', path)).toHaveLength(0);

    fireEvent.change(email, { target: { value: 'Faktura@Exempelbolaget.SE' } });
    fireEvent.change(address, { target: { value: 'Exempelbolaget AB\n\n Box 123 \n111 22 Stockholm' } });
    fireEvent.click(save);
    expect(await screen.findByText('Saved. Invoices will be sent to Faktura@exempelbolaget.se.')).toBeTruthy();
    const [put] = callsTo(server.requests, 'PUT', path);
    expect(JSON.parse(put?.body ?? '{}')).toEqual({
      InvoiceEmail: 'Faktura@Exempelbolaget.SE',
      InvoiceAddress: ['Exempelbolaget AB', 'Box 123', '111 22 Stockholm'],
    });
    await waitFor(() => expect(screen.getByText('This account is registered as an invoice customer.')).toBeTruthy());
  });

  it('shows a member who is no administrator the registration without a form to change it, in Swedish', async () => {
    await openForm({
      auth: regularMember,
      invoiceCustomer: { IsInvoiceCustomer: true, InvoiceEmail: 'faktura@example.se', InvoiceAddress: ['Box 1'] },
    });
    expect(await screen.findByText('Bara administratörer kan ändra vart fakturor skickas.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /^Faktura-e-post/ }) as HTMLInputElement).value).toBe(
      'faktura@example.se',
    );
    expect(screen.getByRole('textbox', { name: /^Faktura-e-post/ }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Spara' })).toBeNull();
  });

  it('tells a personal account that invoices are for companies, in Spanish', async () => {
    const server = await openForm({ auth: authStateFor({ language: 'es', accountId: 'acc-personal' }) });
    expect(await screen.findByText(/^Las facturas son para cuentas de empresa\./)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(callsTo(server.requests, 'GET', path)).toHaveLength(0);
  });
});
