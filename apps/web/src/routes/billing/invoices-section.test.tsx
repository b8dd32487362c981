import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStateFor } from '../../../test/auth-fixtures.ts';
import { type BillingServerOptions, callsTo, startBillingServer } from '../../../test/billing-fixtures.ts';
import { invoicePdfBytes, paidInvoice, planInvoice } from '../../../test/invoice-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { topUpReceipt } from '../../../test/top-up-fixtures.ts';
import { authStorageKey } from '../../api/auth-store.ts';

const overdue = { ...planInvoice, Id: 'inv-3', Number: 1050, Status: 'overdue' as const };

async function openBilling(hash: string, options: BillingServerOptions = {}) {
  localStorage.setItem(authStorageKey, 'token-1');
  const server = await startBillingServer({ invoices: [overdue, planInvoice, paidInvoice], ...options });
  renderAppAt(hash, { apiBaseUrl: server.apiBase });
  return server;
}

afterEach(() => vi.restoreAllMocks());

describe('/billing/invoices (SPEC section 9, invoice terms)', () => {
  it('lists each invoice with its number, date, amount, due date and status', { timeout: 15_000 }, async () => {
    await openBilling('#/billing/invoices');
    const row = within(await screen.findByRole('listitem', { name: 'Invoice 1043' }));
    expect(row.getByText(/^Invoice 1043 · Nov 2, 2026$/)).toBeTruthy();
    expect(row.getByText('Price plan MEDIUM, 1 year')).toBeTruthy();
    expect(row.getByText('6 125.00 SEK due Nov 12, 2026')).toBeTruthy();
    expect(row.getByText('OCR reference 10436')).toBeTruthy();
    expect(row.getByText('Unpaid')).toBeTruthy();
    const statuses = screen
      .getAllByRole('listitem')
      .map((item) => [item.getAttribute('aria-label'), within(item).getByText(/^(Unpaid|Paid|Overdue)$/).textContent]);
    expect(statuses).toEqual([
      ['Invoice 1050', 'Overdue'],
      ['Invoice 1043', 'Unpaid'],
      ['Invoice 1001', 'Paid'],
    ]);
  });

  it('saves the PDF the server sends, under its name', { timeout: 15_000 }, async () => {
    const server = await openBilling('#/billing/invoices');
    let saved: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob;
      return 'blob:invoice';
    });
    let fileName = '';
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      fileName = this.download;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF of Invoice 1043' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(await saved?.text()).toBe(invoicePdfBytes);
    expect(fileName).toBe('Invoice 1043.pdf');
    expect(callsTo(server.requests, 'GET', '/v2/linktinker/app/invoices/inv-2/pdf')).toHaveLength(1);
  });

  it('shows receipts and invoices under Payments made, in Swedish', { timeout: 15_000 }, async () => {
    await openBilling('#/billing/payments', { receipts: [topUpReceipt], auth: authStateFor({ language: 'sv' }) });
    expect(await screen.findByRole('heading', { name: 'Gjorda betalningar' })).toBeTruthy();
    expect(await screen.findByRole('listitem', { name: 'Kvitto 1042' })).toBeTruthy();
    const invoices = within(await screen.findByRole('region', { name: 'Fakturor' }));
    const row = within(await invoices.findByRole('listitem', { name: 'Faktura 1050' }));
    expect(row.getByText('Förfallen')).toBeTruthy();
    expect(row.getByRole('button', { name: 'Ladda ner PDF av Faktura 1050' })).toBeTruthy();
  });

  it('says when there are none, in Spanish', { timeout: 15_000 }, async () => {
    await openBilling('#/billing/invoices', { invoices: [], auth: authStateFor({ language: 'es' }) });
    expect(await screen.findByRole('heading', { name: 'Facturas' })).toBeTruthy();
    expect(await screen.findByText('Todavía no hay facturas.')).toBeTruthy();
  });
});
