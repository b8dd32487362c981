import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  type AppTexts,
  desktop,
  es,
  fill,
  logInAsDemo,
  openInLanguage,
  phoneContext,
  sv,
} from './support/app-steps.ts';
import { screenshot } from './support/browser.ts';
import { useBrowserJourney } from './support/journey.ts';

const journey = useBrowserJourney();
let page: Page;

async function openContext(options: Parameters<Browser['newContext']>[0], language: string) {
  ({ page } = await openInLanguage(journey, options, language));
}

/** Billing's balance, and its Top up dialog opened. */
async function openTopUp(texts: AppTexts) {
  await page.goto(`${journey.server.url}/#/billing/balance`);
  await page.getByRole('button', { name: texts.billing.balance.topUp, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: texts.billing.topUp.title });
  await dialog.getByText(texts.billing.topUp.terms).waitFor();
  return dialog;
}

/** Stripe's hosted checkout, here the simulator's page on our server (packages/simulators/src/stripe). */
async function onCheckoutPage() {
  await page.waitForURL(/\/sim\/stripe\/checkout\//);
  return page;
}

describe('billing: topping up the balance by card (issue 23)', () => {
  it('tops up SEK 500 by card, sees the new balance and saves the receipt (Swedish, desktop)', async () => {
    await openContext(desktop, 'sv');
    await logInAsDemo(page, sv, journey.server.url);

    const dialog = await openTopUp(sv);
    // SPEC section 5: the amount credited with its Swedish bracket, then the VAT and what the card pays.
    await dialog.getByRole('radio', { name: /^500,00 SEK \(625,00 kr inkl\. moms\)/ }).check();
    await screenshot(page, 'billing-top-up-dialog-desktop-sv');
    await dialog.getByRole('button', { name: sv.billing.topUp.continue }).click();

    const checkout = await onCheckoutPage();
    await checkout.getByRole('button', { name: /^Pay / }).click();

    await page.waitForURL(/#\/paymentsuccess\?session_id=/);
    // The welcome offer's 125 kr and the 500 kr paid for.
    await page
      .getByText(
        fill(sv.billing.payment.paid, {
          amount: '500,00 SEK (625,00 kr inkl. moms)',
          balance: '625,00 SEK (781,25 kr inkl. moms)',
        }),
      )
      .waitFor();
    await screenshot(page, 'billing-top-up-paid-desktop-sv');

    await page.getByRole('link', { name: sv.billing.payment.viewReceipt }).click();
    const receipt = page.getByRole('dialog', { name: /^Kvitto \d+$/ });
    await receipt.getByText(sv.billing.receipts.amount, { exact: true }).waitFor();
    expect(await receipt.getByText('625,00 SEK', { exact: true }).count()).toBeGreaterThan(0);
    // The footer's Close, beside the title bar's.
    await receipt.getByRole('button', { name: sv.common.close }).last().click();

    const downloading = page.waitForEvent('download');
    await page
      .getByRole('button', { name: /^Ladda ner PDF för Kvitto \d+$/ })
      .first()
      .click();
    const download = await downloading;
    const saved = await download.path();
    expect((await readFile(saved)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('leaves the checkout of a custom amount through Cancel on a phone in Spanish: nothing charged', async () => {
    await openContext(phoneContext, 'es');
    await logInAsDemo(page, es, journey.server.url);

    const dialog = await openTopUp(es);
    await dialog.getByRole('radio', { name: es.billing.topUp.custom }).check();
    // Outside Swedish the decimal separator is a point (SPEC section 5).
    await dialog
      .getByRole('textbox', { name: fill(es.billing.topUp.customAmount, { currency: 'SEK' }) })
      .fill('300.50');
    await dialog.getByText(fill(es.billing.topUp.withVat, { vat: '75.13 SEK', total: '375.63 SEK' })).waitFor();
    await screenshot(page, 'billing-top-up-custom-phone-es');
    await dialog.getByRole('button', { name: es.billing.topUp.continue }).click();

    const checkout = await onCheckoutPage();
    await checkout.getByRole('button', { name: 'Cancel and go back' }).click();

    await page.waitForURL(/#\/paymentcancelled\?session_id=/);
    await page.getByText(es.billing.payment.notCharged).waitFor();
    await page.getByRole('link', { name: es.billing.payment.tryAgain }).waitFor();
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(sideways).toBeLessThanOrEqual(0);
    await screenshot(page, 'billing-top-up-cancelled-phone-es');
  });

  it('tops up SEK 500 on a phone in Spanish and reads the receipt', async () => {
    await openContext(phoneContext, 'es');
    await logInAsDemo(page, es, journey.server.url);

    const dialog = await openTopUp(es);
    await dialog.getByRole('radio', { name: /^500\.00 SEK/ }).check();
    await dialog.getByRole('button', { name: es.billing.topUp.continue }).click();
    const checkout = await onCheckoutPage();
    await checkout.getByRole('button', { name: /^Pay / }).click();

    await page.waitForURL(/#\/paymentsuccess\?session_id=/);
    // The balance after it depends on this file's earlier top-ups; the amount added does not.
    const [added = ''] = fill(es.billing.payment.paid, { amount: '500.00 SEK' }).split('{{balance}}');
    await page.getByText(added).waitFor();
    await page.getByRole('link', { name: es.billing.payment.viewReceipt }).click();
    const receipt = page.getByRole('dialog', { name: /^Recibo \d+$/ });
    await receipt.getByText(es.billing.receipts.amount, { exact: true }).waitFor();
    expect(await receipt.getByText('625.00 SEK', { exact: true }).count()).toBeGreaterThan(0);
    await screenshot(page, 'billing-top-up-receipt-phone-es');
  });
});
