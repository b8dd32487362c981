import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStateFor } from '../../../test/auth-fixtures.ts';
import { type BillingServerOptions, callsTo, startBillingServer } from '../../../test/billing-fixtures.ts';
import { activeMediumPlan, startedPlanOrder, swedishPricePlans } from '../../../test/price-plan-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { authStorageKey } from '../../api/auth-store.ts';
import { externalNavigation } from '../../lib/leave-app.ts';

async function openPlans(options: BillingServerOptions = {}) {
  localStorage.setItem(authStorageKey, 'token-1');
  const server = await startBillingServer(options);
  renderAppAt('#/billing/price-plan', { apiBaseUrl: server.apiBase });
  return server;
}

afterEach(() => vi.restoreAllMocks());

describe('/billing/price-plan (SPEC sections 3, 5 and 9)', () => {
  it('offers the three plans with their yearly fee, signatures and sharing', { timeout: 15_000 }, async () => {
    await openPlans();
    const medium = within(await screen.findByRole('listitem', { name: 'Medium' }));
    expect(medium.getByText('300 signatures a year')).toBeTruthy();
    expect(medium.getByText('Share documents within the account')).toBeTruthy();
    expect(medium.getByText(/^6 990\.00 SEK$/)).toBeTruthy();
    const small = within(screen.getByRole('listitem', { name: 'Small' }));
    expect(small.getByText('Documents stay private to their sender')).toBeTruthy();
    expect(screen.getByText('This account has no price plan: documents are paid from the balance.')).toBeTruthy();
  });

  it('orders a plan by card for two years and leaves for the checkout page', { timeout: 15_000 }, async () => {
    const server = await openPlans();
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
    fireEvent.click(await screen.findByRole('button', { name: 'Order Medium' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Order the Medium plan' }));
    fireEvent.click(dialog.getByRole('radio', { name: '2 years' }));
    expect(dialog.getByText('13 980.00 SEK for 2 years, excluding VAT')).toBeTruthy();
    expect(dialog.getByText('VAT 25 %: 3 495.00 SEK')).toBeTruthy();
    expect(dialog.getByText('Total: 17 475.00 SEK')).toBeTruthy();
    // Not an invoice customer: the invoice choice is there but cannot be taken.
    expect((dialog.getByRole('radio', { name: 'Invoice' }) as HTMLInputElement).disabled).toBe(true);
    const pay = dialog.getByRole('button', { name: 'Continue to payment' });
    fireEvent.click(pay);
    fireEvent.click(pay);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(startedPlanOrder.Url));
    const orders = callsTo(server.requests, 'POST', '/v2/linktinker/app/payments/priceplans/MEDIUM/order');
    expect(orders).toHaveLength(1);
    expect(JSON.parse(orders[0]?.body ?? '{}')).toEqual({ Years: 2 });
  });

  it('orders by invoice for an invoice customer and shows the plan at once', { timeout: 15_000 }, async () => {
    const server = await openPlans({ plans: swedishPricePlans({ InvoiceCustomer: true }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Order Large' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Order the Large plan' }));
    fireEvent.click(dialog.getByRole('radio', { name: 'Invoice' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Order by invoice' }));
    expect(
      await screen.findByText('The Large plan is active. Invoice 1001 has been sent to your invoice e-mail.'),
    ).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Your plan: Large' })).toBeTruthy();
    expect(callsTo(server.requests, 'POST', '/v2/linktinker/app/priceplans/LARGE/invoice')).toHaveLength(1);
    // One plan at a time: ordering another is not offered while this one runs.
    expect((screen.getByRole('button', { name: 'Order Small' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the live plan and cancels it after asking, in Swedish', { timeout: 15_000 }, async () => {
    const server = await openPlans({
      plans: swedishPricePlans({ Active: activeMediumPlan }),
      auth: authStateFor({ language: 'sv' }),
    });
    expect(await screen.findByRole('heading', { name: 'Din plan: Mellan' })).toBeTruthy();
    expect(screen.getByText('288 av 300 signaturer kvar; oanvända förfaller 1 mars 2099')).toBeTruthy();
    expect(screen.getByText('Förnyas automatiskt 1 mars 2099')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Säg upp Mellan' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Säga upp planen Mellan?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Säg upp planen' }));
    expect(await screen.findByText('Uppsagd, kan användas till 1 mars 2099')).toBeTruthy();
    expect(screen.getByText('Slutar 1 mars 2099, förnyas inte')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Säg upp Mellan' })).toBeNull();
    expect(callsTo(server.requests, 'POST', '/v2/linktinker/app/priceplans/cancel')).toHaveLength(1);
  });

  it('says when it is too late to cancel this period', { timeout: 15_000 }, async () => {
    await openPlans({
      plans: swedishPricePlans({ Active: { ...activeMediumPlan, CancelBy: '2020-01-01T00:00:00.000Z' } }),
    });
    expect(
      await screen.findByText(
        'A plan must be cancelled at least 30 days before its period ends, so this period renews on Mar 1, 2099.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel Medium' })).toBeNull();
  });

  it('tells a personal account that plans are for companies', { timeout: 15_000 }, async () => {
    await openPlans({ plans: swedishPricePlans({ CanOrder: false }) });
    expect(await screen.findByText(/^Price plans are for company accounts\./)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Order Medium' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
