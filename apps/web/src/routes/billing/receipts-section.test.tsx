import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStateFor } from '../../../test/auth-fixtures.ts';
import { type BillingServerOptions, callsTo, startBillingServer } from '../../../test/billing-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { receiptPdfBytes, topUpReceipt } from '../../../test/top-up-fixtures.ts';
import { authStorageKey } from '../../api/auth-store.ts';

const older = { ...topUpReceipt, Id: 'rcpt-0', Number: 1001, Description: 'Balance top-up, custom amount' };

async function openReceipts(hash: string, options: BillingServerOptions = {}) {
  localStorage.setItem(authStorageKey, 'token-1');
  const server = await startBillingServer({ receipts: [topUpReceipt, older], ...options });
  renderAppAt(hash, { apiBaseUrl: server.apiBase });
  return server;
}

afterEach(() => vi.restoreAllMocks());

describe('/billing/receipts (SPEC section 3, Receipt)', () => {
  it('lists each receipt with its date, number, description and total with VAT', { timeout: 15_000 }, async () => {
    await openReceipts('#/billing/receipts');
    const row = within(await screen.findByRole('listitem', { name: 'Receipt 1042' }));
    expect(row.getByText(/^Receipt 1042 · /)).toBeTruthy();
    expect(row.getByText('Balance top-up')).toBeTruthy();
    expect(row.getByText('Total including VAT: 625.00 SEK')).toBeTruthy();
    const rows = screen.getAllByRole('listitem');
    expect(rows.map((item) => item.getAttribute('aria-label'))).toEqual(['Receipt 1042', 'Receipt 1001']);
  });

  it('saves the PDF the server sends, under its name', { timeout: 15_000 }, async () => {
    const server = await openReceipts('#/billing/receipts');
    let saved: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob;
      return 'blob:receipt';
    });
    let fileName = '';
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      fileName = this.download;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF of Receipt 1042' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(await saved?.text()).toBe(receiptPdfBytes);
    expect(fileName).toBe('receipt-1042.pdf');
    expect(callsTo(server.requests, 'GET', '/v2/linktinker/app/receipts/rcpt-1/pdf')).toHaveLength(1);
  });

  it('shows one receipt’s details, in Swedish', { timeout: 15_000 }, async () => {
    await openReceipts('#/billing/receipts', { auth: authStateFor({ language: 'sv' }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Detaljer för Kvitto 1001' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Kvitto 1001' }));
    const factOf = async (label: string) => (await dialog.findByText(label)).nextElementSibling?.textContent;
    expect(await factOf('Delsumma exklusive moms')).toBe('500,00 SEK');
    expect(await factOf('Moms 25 %')).toBe('125,00 SEK');
    expect(await factOf('Debiterat belopp')).toBe('625,00 SEK');
    expect(await factOf('Betalningssätt')).toBe('Kort');
    expect(await factOf('Beskrivning')).toBe('Balance top-up, custom amount');
    expect(window.location.hash).toBe('#/billing/receipts?receipt=rcpt-0');
    // The dialog's own close (×) and the Close of its actions: the latter.
    const close = dialog.getAllByRole('button', { name: 'Stäng' }).at(-1);
    if (close) fireEvent.click(close);
    await waitFor(() => expect(window.location.hash).toBe('#/billing/receipts'));
  });

  it('shows the same list under Payments made, and says when there is none', { timeout: 15_000 }, async () => {
    await openReceipts('#/billing/payments', { receipts: [] });
    expect(await screen.findByRole('heading', { name: 'Payments made' })).toBeTruthy();
    expect(await screen.findByText('There are no receipts yet.')).toBeTruthy();
  });
});
