import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addOnsWith, startedAddOn } from '../../../test/add-on-fixtures.ts';
import { authStateFor } from '../../../test/auth-fixtures.ts';
import { type BillingServerOptions, callsTo, startBillingServer } from '../../../test/billing-fixtures.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { authStorageKey } from '../../api/auth-store.ts';
import { externalNavigation } from '../../lib/leave-app.ts';

const startPath = '/v2/linktinker/app/payments/addons/activate';

/** The real app on Billing's Add-ons; the leap to Stripe is only watched, not followed. */
async function openAddOns(options: BillingServerOptions = {}) {
  localStorage.setItem(authStorageKey, 'token-1');
  const server = await startBillingServer(options);
  const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
  renderAppAt('#/billing/add-ons', { apiBaseUrl: server.apiBase });
  const section = within(await screen.findByRole('region', { name: /^(Add-ons|Tillägg)$/ }));
  return { server, assign, section };
}

const rowOf = async (section: ReturnType<typeof within>, name: string) =>
  within(await section.findByRole('listitem', { name }));

/** The price line's whole text: the amount and its bracket are spans of their own. */
const textOf = (element: HTMLElement) => element.textContent?.replace(/\s+/g, ' ');

afterEach(() => vi.restoreAllMocks());

describe('Billing, Add-ons (SPEC sections 2 and 3)', () => {
  it('lists each add-on with its yearly price and VAT, and Buy leaves for the checkout', {
    timeout: 15_000,
  }, async () => {
    const { server, assign, section } = await openAddOns();
    expect(screen.getByRole('tab', { name: 'Add-ons', selected: true })).toBeTruthy();
    const rows = await section.findAllByRole('listitem', { name: /./ });
    expect(rows.map((item) => item.getAttribute('aria-labelledby'))).toEqual([
      'add-on-sms-invitation',
      'add-on-whatsapp-invitation',
      'add-on-mobile-verification',
      'add-on-email-verification',
      'add-on-templates',
      'add-on-account-document-sharing',
      'add-on-smart-fields',
    ]);
    const sms = await rowOf(section, 'SMS invitations');
    expect(sms.getByText('Not active')).toBeTruthy();
    expect(textOf(sms.getByText(/^Per year/))).toBe('Per year: 490.00 SEK');
    expect(sms.getByText('VAT 122.50 SEK; you pay 612.50 SEK')).toBeTruthy();
    const smart = await rowOf(section, 'Smart fields');
    expect(await smart.findByText("The signer's verified name")).toBeTruthy();

    fireEvent.click(sms.getByRole('button', { name: 'Buy SMS invitations' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(startedAddOn.Url));
    expect(callsTo(server.requests, 'POST', startPath).map((request) => JSON.parse(request.body))).toEqual([
      { AddOnId: 'sms-invitation' },
    ]);
  });

  it('says until when an add-on is active, and offers Renew only in its last 30 days', {
    timeout: 15_000,
  }, async () => {
    const addOns = addOnsWith('templates', {
      Active: true,
      ActiveUntil: '2027-11-27T12:00:00.000Z',
      CanBuy: false,
    }).map((addOn) =>
      addOn.AddOnId === 'sms-invitation'
        ? { ...addOn, Active: true, ActiveUntil: '2026-12-10T12:00:00.000Z', CanBuy: true }
        : addOn,
    );
    const { section } = await openAddOns({ addOns });
    const templates = await rowOf(section, 'Templates');
    expect(templates.getByText('Active until Nov 27, 2027')).toBeTruthy();
    expect(templates.getByText('You can renew it in its last 30 days.')).toBeTruthy();
    expect(templates.queryByRole('button')).toBeNull();
    const sms = await rowOf(section, 'SMS invitations');
    expect(sms.getByText('Active until Dec 10, 2026')).toBeTruthy();
    expect(sms.getByRole('button', { name: 'Renew SMS invitations' })).toBeTruthy();
  });

  it('shows the Swedish bracket including VAT, in Swedish', { timeout: 15_000 }, async () => {
    const { section } = await openAddOns({ auth: authStateFor({ language: 'sv' }) });
    const sms = await rowOf(section, 'Sms-inbjudningar');
    expect(textOf(sms.getByText(/^Per år/))).toBe('Per år: 490,00 SEK (612,50 kr inkl. moms)');
    expect(sms.getByRole('button', { name: 'Köp Sms-inbjudningar' })).toBeTruthy();
  });

  it("says a refusal in the catalogue's words and stays", { timeout: 15_000 }, async () => {
    const { assign, section } = await openAddOns({ addOnError: 'ADD_ON_ALREADY_ACTIVE' });
    const sms = await rowOf(section, 'SMS invitations');
    fireEvent.click(sms.getByRole('button', { name: 'Buy SMS invitations' }));
    expect(await sms.findByText('The account already has this add-on.')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });
});
