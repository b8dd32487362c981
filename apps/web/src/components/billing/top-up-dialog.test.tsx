import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStateFor } from '../../../test/auth-fixtures.ts';
import { type BillingServerOptions, callsTo, startBillingServer } from '../../../test/billing-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { startedTopUp } from '../../../test/top-up-fixtures.ts';
import { authStorageKey } from '../../api/auth-store.ts';
import { externalNavigation } from '../../lib/leave-app.ts';

const startPath = '/v2/linktinker/app/balance/payments';

/** The real app on Billing, its top-up dialog opened; the leap to Stripe is only watched, not followed. */
async function openTopUp(hash = '#/billing/balance', options: BillingServerOptions = {}) {
  localStorage.setItem(authStorageKey, 'token-1');
  const server = await startBillingServer(options);
  const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
  renderAppAt(hash, { apiBaseUrl: server.apiBase });
  if (!hash.includes('topup=1')) fireEvent.click(await screen.findByRole('button', { name: /^(Top up|Fyll på)$/ }));
  const dialog = within(await screen.findByRole('dialog'));
  return { server, assign, dialog };
}

afterEach(() => vi.restoreAllMocks());

describe('the top-up dialog (SPEC sections 5 and 9)', () => {
  it('offers the products with their VAT, and Continue pays the one chosen', { timeout: 15_000 }, async () => {
    const { server, assign, dialog } = await openTopUp();
    const product = await dialog.findByRole('radio', { name: '500.00 SEK VAT 125.00 SEK; you pay 625.00 SEK' });
    expect(
      dialog.getByText(
        'You pay by card on the next page. Top-ups are non-refundable, and the balance does not expire.',
      ),
    ).toBeTruthy();
    fireEvent.click(product);
    fireEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(startedTopUp.Url));
    const starts = callsTo(server.requests, 'POST', startPath);
    expect(starts.map((request) => JSON.parse(request.body))).toEqual([{ ProductId: 'top-up-3' }]);
  });

  it('shows the Swedish bracket including VAT beside each amount', { timeout: 15_000 }, async () => {
    const { dialog } = await openTopUp('#/billing/balance', { auth: authStateFor({ language: 'sv' }) });
    expect(
      await dialog.findByRole('radio', {
        name: '500,00 SEK (625,00 kr inkl. moms) Moms 125,00 SEK; du betalar 625,00 SEK',
      }),
    ).toBeTruthy();
  });

  it('reads a custom amount with the Swedish comma, exactly, and sends it in öre', { timeout: 15_000 }, async () => {
    const { server, assign, dialog } = await openTopUp('#/billing/balance', { auth: authStateFor({ language: 'sv' }) });
    fireEvent.click(await dialog.findByRole('radio', { name: 'Annat belopp' }));
    const field = dialog.getByRole('textbox', { name: 'Belopp exklusive moms (SEK)' });
    fireEvent.change(field, { target: { value: '1 234,57' } });
    expect(dialog.getByText('Moms 308,64 SEK; du betalar 1 543,21 SEK')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Fortsätt' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(JSON.parse(callsTo(server.requests, 'POST', startPath)[0]?.body ?? '')).toEqual({ Amount: 1_234_57 });
  });

  it('refuses an amount outside the limits in the catalogue’s words, and asks nothing', {
    timeout: 15_000,
  }, async () => {
    const { server, assign, dialog } = await openTopUp();
    fireEvent.click(await dialog.findByRole('radio', { name: 'Another amount' }));
    const field = dialog.getByRole('textbox', { name: 'Amount excluding VAT (SEK)' });
    fireEvent.change(field, { target: { value: '99.99' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    const outOfRange = 'The amount is below the minimum or above the maximum for a top-up. Choose another amount.';
    expect(await dialog.findByText(`${outOfRange} From 100.00 SEK to 20 000.00 SEK.`)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');

    // A Swedish-style comma in English is not an amount; the field says how to write one.
    fireEvent.change(field, { target: { value: '150,50' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(await dialog.findByText('Enter an amount such as 750.50. From 100.00 SEK to 20 000.00 SEK.')).toBeTruthy();
    expect(callsTo(server.requests, 'POST', startPath)).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();

    fireEvent.change(field, { target: { value: '20000' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(JSON.parse(callsTo(server.requests, 'POST', startPath)[0]?.body ?? '')).toEqual({ Amount: 20_000_00 });
  });

  it('opens at once from ?topup=1, where the editor’s “balance too low” leads', { timeout: 15_000 }, async () => {
    const { dialog } = await openTopUp('#/billing/balance?topup=1');
    expect(await dialog.findByRole('radio', { name: /^100.00 SEK/ })).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.hash).toBe('#/billing/balance');
  });
});
