import type { BrandConfig } from '@signlink/brands/brand-config';
import { pdfBlankett } from '@signlink/brands/brands';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor } from '../../../test/auth-fixtures.ts';
import {
  type BillingServerOptions,
  giftCard,
  startBillingServer,
  welcomeCredit,
} from '../../../test/billing-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { authStorageKey } from '../../api/auth-store.ts';

async function openBilling(hash: string, { brand, ...options }: BillingServerOptions & { brand?: BrandConfig } = {}) {
  localStorage.setItem(authStorageKey, 'token-1');
  const server = await startBillingServer(options);
  const rendered = renderAppAt(hash, { apiBaseUrl: server.apiBase, brand });
  return { server, ...rendered };
}

describe('/billing (SPEC section 2, Billing)', () => {
  it('shows the total, its gift-card part and each credit with its expiry', { timeout: 15_000 }, async () => {
    await openBilling('#/billing/balance', {
      balance: { TotalBalance: 1_234_50, VoucherBalance: 75_50 },
      credits: [welcomeCredit, { ...welcomeCredit, Id: 'old', Name: 'Summer', IsExpired: true, Remaining: 0 }],
    });
    const totals = within(await screen.findByRole('region', { name: 'Balance' }));
    expect((await totals.findByText('Total balance')).nextElementSibling?.textContent).toBe('1 234.50 SEK');
    expect(totals.getByText('Of which gift cards and campaigns').nextElementSibling?.textContent).toBe('75.50 SEK');
    expect(await totals.findByText('Campaign: Welcome 2026')).toBeTruthy();
    expect(totals.getByText('75.50 SEK left of 200.00 SEK')).toBeTruthy();
    expect(totals.getByText(/^Lapses on /)).toBeTruthy();
    expect(totals.getByText(/^Lapsed on /)).toBeTruthy();
    expect(totals.getByRole('button', { name: 'Top up' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('tab', { name: 'Balance', selected: true })).toBeTruthy();
  });

  it('shows SPEC section 5 amounts in Swedish with the bracket including VAT', { timeout: 15_000 }, async () => {
    await openBilling('#/billing/balance', {
      auth: authStateFor({ language: 'sv' }),
      balance: { TotalBalance: 800_00, VoucherBalance: 0 },
    });
    const total = (await screen.findByText('Totalt saldo')).nextElementSibling;
    await waitFor(() => expect(total?.textContent).toBe('800,00 SEK (1 000,00 kr inkl. moms)'));
  });

  it.each([
    { level: -1 as const, hint: 'Your balance is low. Top up to keep sending documents.' },
    { level: 0 as const, hint: 'Your balance is getting low.' },
  ])('says the balance is low at level $level', { timeout: 15_000 }, async ({ level, hint }) => {
    await openBilling('#/billing/balance', { balance: { TotalBalance: 10_00, LowBalanceLevel: level } });
    expect(await screen.findByText(hint)).toBeTruthy();
  });

  it('opens the balance for /billing and an unknown section', { timeout: 15_000 }, async () => {
    await openBilling('#/billing/nothing-here');
    expect(await screen.findByRole('tab', { name: 'Balance', selected: true })).toBeTruthy();
    expect(window.location.hash).toBe('#/billing/balance');
  });

  it('lists the text-message fees with their document and their sum', { timeout: 15_000 }, async () => {
    await openBilling('#/billing/transaction-fees', {
      fees: {
        Fees: [
          {
            Id: 'fee-2',
            At: '2026-11-21T10:00:00.000Z',
            Kind: 'whatsapp-message',
            Amount: 65,
            Currency: 'SEK',
            DocumentId: null,
            DocumentTitle: null,
          },
          {
            Id: 'fee-1',
            At: '2026-11-20T10:00:00.000Z',
            Kind: 'sms-message',
            Amount: 1_095,
            Currency: 'SEK',
            DocumentId: 'doc-1',
            DocumentTitle: 'Lease 2027',
          },
        ],
        Total: 1_160,
        Currency: 'SEK',
      },
    });
    const table = await screen.findByRole('table', { name: 'Transaction fees' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain('WhatsApp');
    expect(rows[1]).toContain('0.65 SEK');
    expect(rows[2]).toContain('SMS');
    expect(rows[2]).toContain('10.95 SEK');
    expect(within(table).getByRole('link', { name: 'Lease 2027' }).getAttribute('href')).toBe('#/document/doc-1');
    expect(screen.getByText('The latest fees come to 11.60 SEK.')).toBeTruthy();
  });

  it('lists the gift cards and redeems an issued one from its row', { timeout: 15_000 }, async () => {
    const personal = { ...giftCard, IsPersonal: true };
    const used = { ...giftCard, Code: 'USEDCARD2025', State: 'used' as const, CanActivate: false };
    const { server } = await openBilling('#/billing/gift-cards', { cards: [personal, used], card: personal });
    const list = within(await screen.findByRole('region', { name: 'Gift cards' }));
    expect(await list.findByText('USEDCARD2025')).toBeTruthy();
    expect(list.getByText('Used')).toBeTruthy();
    expect(list.getByText('Personal')).toBeTruthy();
    expect(list.queryByRole('button', { name: 'Redeem USEDCARD2025' })).toBeNull();

    fireEvent.click(list.getByRole('button', { name: `Redeem ${giftCard.Code}` }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Redeem gift card' }));
    fireEvent.click(await dialog.findByRole('button', { name: 'Activate' }));
    expect(
      await dialog.findByText('500.00 SEK has been added to the balance of Demo AB. The balance is now 625.00 SEK.'),
    ).toBeTruthy();
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });
});

describe('the header (SPEC section 9, low-balance levels)', () => {
  it.each([
    { currency: 'SEK' as const, minor: 24_00, name: 'Low balance: 24.00 SEK. Open billing' },
    { currency: 'SEK' as const, minor: 50_00, name: 'Balance getting low: 50.00 SEK. Open billing' },
    { currency: 'EUR' as const, minor: 199, name: 'Low balance: 1.99 EUR. Open billing' },
    { currency: 'EUR' as const, minor: 400, name: 'Balance getting low: 4.00 EUR. Open billing' },
  ])(
    'links $minor $currency to the balance, saying how low',
    { timeout: 15_000 },
    async ({ currency, minor, name }) => {
      const auth = authStateFor();
      const balances =
        currency === 'EUR'
          ? { ...auth.balances, TotalBalance: 0, TotalBalanceEurCent: minor }
          : { ...auth.balances, TotalBalance: minor };
      await openBilling('#/billing/receipts', {
        auth: { ...auth, user: { ...auth.user, Currency: currency }, balances },
      });
      const link = await screen.findByRole('link', { name });
      expect(link.getAttribute('href')).toBe('#/billing/balance');
    },
  );

  it('shows the same link under the second brand', { timeout: 15_000 }, async () => {
    const auth = authStateFor();
    await openBilling('#/billing/balance', {
      brand: pdfBlankett,
      auth: { ...auth, balances: { ...auth.balances, TotalBalance: 0 } },
      balance: { LowBalanceLevel: -1 },
    });
    expect(await screen.findByRole('link', { name: 'Low balance: 0.00 SEK. Open billing' })).toBeTruthy();
    expect(await screen.findByText('Your balance is low. Top up to keep sending documents.')).toBeTruthy();
  });

  it('shows nothing while the balance is fine', { timeout: 15_000 }, async () => {
    await openBilling('#/billing/receipts');
    await screen.findByText('There are no receipts yet.');
    await screen.findByRole('button', { name: 'Account menu for Demo Admin' });
    expect(screen.queryByRole('link', { name: /Open billing/ })).toBeNull();
  });
});
