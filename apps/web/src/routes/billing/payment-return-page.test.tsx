import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStateFor } from '../../../test/auth-fixtures.ts';
import { type BillingServerOptions, callsTo, startBillingServer } from '../../../test/billing-fixtures.ts';
import { activeMediumPlan, swedishPricePlans } from '../../../test/price-plan-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { topUpReceipt } from '../../../test/top-up-fixtures.ts';
import { authStorageKey } from '../../api/auth-store.ts';
import { paymentPolling } from './use-payment-session.ts';

async function returnTo(hash: string, options: BillingServerOptions = {}) {
  localStorage.setItem(authStorageKey, 'token-1');
  const server = await startBillingServer(options);
  renderAppAt(hash, { apiBaseUrl: server.apiBase });
  return server;
}

const successHash = '#/paymentsuccess?session_id=cs_test_1';

describe('the payment return pages (SPEC section 2)', () => {
  it('says which add-on was paid for a year, and leads back to the add-ons', { timeout: 15_000 }, async () => {
    await returnTo(successHash, { bought: { Kind: 'add-on', ProductId: 'sms-invitation' } });
    expect(
      await screen.findByText('SMS invitations is paid for one year. Its end date is shown under Add-ons.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Billing' }).getAttribute('href')).toBe('#/billing/add-ons');
  });

  it('offers to try an add-on again from the add-ons when its payment failed', { timeout: 15_000 }, async () => {
    await returnTo(successHash, { statuses: ['failed'], bought: { Kind: 'add-on', ProductId: 'templates' } });
    expect(
      await screen.findByText('The add-on was not activated. You can try again, with another card if need be.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('#/billing/add-ons');
  });

  it('says the bank is confirming while pending, then the amount added and the new balance', {
    timeout: 15_000,
  }, async () => {
    const server = await returnTo(successHash, { statuses: ['pending', 'paid'], receipts: [topUpReceipt] });
    expect(
      await screen.findByText(
        'Your bank is still confirming the payment. The balance is updated when it is done; this page keeps checking.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('The payment is pending.')).toBeTruthy();
    expect(
      await screen.findByText('500.00 SEK has been added to your balance. The balance is now 625.00 SEK.', undefined, {
        timeout: 5_000,
      }),
    ).toBeTruthy();
    expect(callsTo(server.requests, 'GET', '/v2/linktinker/app/sessions/cs_test_1').length).toBeGreaterThanOrEqual(2);
    // Paid is final: the page stops asking.
    const polls = callsTo(server.requests, 'GET', '/v2/linktinker/app/sessions/cs_test_1').length;
    // The header's balance is the auth state's, loaded again after the credit.
    await waitFor(() => expect(callsTo(server.requests, 'GET', '/v2/user').length).toBeGreaterThanOrEqual(2));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(callsTo(server.requests, 'GET', '/v2/linktinker/app/sessions/cs_test_1')).toHaveLength(polls);

    const receipt = screen.getByRole('link', { name: 'View receipt' });
    expect(receipt.getAttribute('href')).toBe('#/billing/receipts?receipt=rcpt-1');
    expect(screen.getByRole('link', { name: 'Go to Billing' }).getAttribute('href')).toBe('#/billing/balance');
    fireEvent.click(receipt);
    const dialog = within(await screen.findByRole('dialog', { name: 'Receipt 1042' }));
    expect(await dialog.findByText('625.00 SEK')).toBeTruthy();
  });

  it('stops asking after the limit, still pending, and says the balance follows', { timeout: 15_000 }, async () => {
    const limit = paymentPolling.limitMs;
    paymentPolling.limitMs = 2_000;
    try {
      const server = await returnTo(successHash, { statuses: ['pending'] });
      expect(
        await screen.findByText(
          'Your bank is still confirming the payment. The balance is updated when it is done; you can leave this page.',
          undefined,
          { timeout: 5_000 },
        ),
      ).toBeTruthy();
      const polls = callsTo(server.requests, 'GET', '/v2/linktinker/app/sessions/cs_test_1').length;
      expect(polls).toBeGreaterThanOrEqual(2);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(callsTo(server.requests, 'GET', '/v2/linktinker/app/sessions/cs_test_1')).toHaveLength(polls);
    } finally {
      paymentPolling.limitMs = limit;
    }
  });

  it('shows the Swedish amounts with their bracket', { timeout: 15_000 }, async () => {
    await returnTo(successHash, { auth: authStateFor({ language: 'sv' }) });
    expect(
      await screen.findByText(
        '500,00 SEK (625,00 kr inkl. moms) har lagts till ditt saldo. Saldot är nu 625,00 SEK (781,25 kr inkl. moms).',
      ),
    ).toBeTruthy();
  });

  it('says a failed payment added nothing, and offers to try again', { timeout: 15_000 }, async () => {
    await returnTo('#/paymentreturn?session_id=cs_test_1', { statuses: ['failed'] });
    expect(await screen.findByText('The payment failed.')).toBeTruthy();
    expect(
      screen.getByText('Nothing was added to your balance. You can try again, with another card if need be.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('#/billing/balance?topup=1');
  });

  it('says an expired payment page charged nothing', { timeout: 15_000 }, async () => {
    await returnTo(successHash, { statuses: ['expired'] });
    expect(await screen.findByText('The payment page expired')).toBeTruthy();
    expect(screen.getByText('Nothing was charged. You can try again whenever you like.')).toBeTruthy();
  });

  it.each([
    { status: 'pending' as const, why: 'Stripe leaves the session open after Cancel' },
    { status: 'cancelled' as const, why: 'cancelled' },
  ])(
    'reads the cancel return as nothing charged when the payment is $status ($why)',
    { timeout: 15_000 },
    async ({ status }) => {
      const server = await returnTo('#/paymentcancelled?session_id=pay-1', { statuses: [status] });
      expect(await screen.findByText('The payment was cancelled.')).toBeTruthy();
      expect(screen.getByText('Nothing was charged. You can try again whenever you like.')).toBeTruthy();
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(callsTo(server.requests, 'GET', '/v2/linktinker/app/sessions/pay-1')).toHaveLength(1);
    },
  );

  it('says so when the payment is not this account’s', { timeout: 15_000 }, async () => {
    await returnTo('#/paymentsuccess?session_id=cs_other');
    expect(await screen.findByText('What you are looking for could not be found.')).toBeTruthy();
  });

  it('sends a signed-out buyer to log in first', { timeout: 15_000 }, async () => {
    const server = await startBillingServer();
    renderAppAt(successHash, { apiBaseUrl: server.apiBase });
    await waitFor(() => expect(window.location.hash).toBe('#/login'));
    expect(callsTo(server.requests, 'GET', '/v2/linktinker/app/sessions/cs_test_1')).toHaveLength(0);
  });

  it('says which plan started after a plan paid by card', { timeout: 15_000 }, async () => {
    await returnTo('#/subscriptionpaymentreturn?session_id=cs_test_1', {
      bought: { Kind: 'price-plan', ProductId: 'MEDIUM' },
      plans: swedishPricePlans({ Active: activeMediumPlan }),
      auth: authStateFor({ language: 'es' }),
    });
    expect(await screen.findByRole('heading', { name: 'Pago del plan de precios' })).toBeTruthy();
    expect(await screen.findByText('Su plan Mediano está activo hasta el 1 mar 2099.')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Ver su plan de precios' });
    expect(link.getAttribute('href')).toBe('#/billing/price-plan');
  });
});
