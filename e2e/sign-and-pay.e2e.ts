import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  type AppTexts,
  desktop,
  en,
  fill,
  logInAsDemo,
  openInLanguage,
  phoneContext,
  sv,
} from './support/app-steps.ts';
import { screenshot } from './support/browser.ts';
import { useBrowserJourney } from './support/journey.ts';
import {
  addPartyWithSignature,
  closeOtherBrowser,
  invitationLinkCode,
  openOtherBrowser,
} from './support/other-browsers.ts';
import { signWithInk } from './support/recipient-steps.ts';

/**
 * Issue 25's DONE-WHEN in a browser, on the embedded defaults: the demo sender connects the simulated Stripe account,
 * makes a product, sends a document whose second party pays it, both parties sign (the payer on a phone), the payer
 * pays on the checkout page, and the sender sees the document signed and paid with the payment in its history.
 */
const journey = useBrowserJourney();
const fixture = (name: string) => path.resolve(import.meta.dirname, '../../shared/fixtures/pdfs', name);

async function openLink(page: Page, texts: AppTexts, code: string, label: string) {
  await page.goto(`${journey.server.url}/${code}`);
  await page.locator('canvas[data-rendered="true"]').first().waitFor({ timeout: 30_000 });
  await page
    .getByRole('button', { name: new RegExp(`^${texts.recipientDocument.field.signHereFor.split('{{')[0]}`) })
    .waitFor();
  await screenshot(page, `sign-pay-document-${label}`, { fullPage: false });
}

describe('Sign & Pay in a real browser (issue 25)', () => {
  it('connects Stripe, sends a document whose second party pays, both sign, the payer pays, and it ends signed and paid', {
    timeout: 300_000,
  }, async () => {
    const run = Date.now().toString(36);
    const anna = { name: 'Anna Andersson', email: `anna.${run}@example.com` };
    const ola = { name: 'Ola Olsson', email: `ola.${run}@example.com` };
    const productName = `Deposit ${run}`;

    // 1. The demo sender connects the account's own (simulated) Stripe account and makes a product.
    const { page, problems } = await openInLanguage(journey, desktop, 'en-us');
    await logInAsDemo(page, en, journey.server.url);
    await page.goto(`${journey.server.url}/#/settings/payments`);
    await page.getByRole('heading', { name: en.signPaySettings.account.heading }).waitFor();
    const connect = page.getByRole('button', { name: en.signPaySettings.account.connect });
    if (await connect.isVisible()) {
      await screenshot(page, 'sign-pay-settings-not-connected-desktop-en');
      await connect.click();
      await page.waitForURL(/\/sim\/stripe\/connect\/onboarding\//);
      await screenshot(page, 'sign-pay-stripe-onboarding-desktop');
      await page.getByRole('button', { name: 'Submit and connect' }).click();
      await page.waitForURL(/#\/settings\/payments$/);
    }
    await page.getByText(en.signPaySettings.account.statuses.connected, { exact: true }).waitFor();
    await page.getByRole('button', { name: en.signPaySettings.products.new }).click();
    const dialog = page.getByRole('dialog', { name: en.signPaySettings.dialog.title });
    await dialog.getByRole('textbox', { name: en.signPaySettings.dialog.name }).fill(productName);
    await dialog
      .getByRole('textbox', { name: fill(en.signPaySettings.dialog.price, { currency: 'SEK' }) })
      .fill('1250');
    await dialog
      .getByText(new RegExp(`^${en.signPaySettings.dialog.totalLine.split('{{')[0]}.*1.?250`))
      .first()
      .waitFor();
    await screenshot(page, 'sign-pay-new-product-desktop-en');
    await dialog.getByRole('button', { name: en.signPaySettings.dialog.create }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(productName).first().waitFor();
    await screenshot(page, 'sign-pay-settings-connected-desktop-en');

    // 2. A document whose second party pays the product.
    await page.goto(`${journey.server.url}/#/create`);
    await page.locator('input[type="file"]').setInputFiles(fixture('pdflatex-4-pages.pdf'));
    await page.waitForURL(/#\/create\/[^/]+$/);
    await page.getByRole('group', { name: fill(en.editor.pages.page, { page: '1' }) }).waitFor();
    const title = `Bike rental ${run}`;
    await page.getByRole('textbox', { name: en.editor.toolbar.title }).fill(title);
    await addPartyWithSignature(page, 1, anna.name, anna.email);
    await addPartyWithSignature(page, 2, ola.name, ola.email);
    const payer = page.getByRole('region', { name: ola.name });
    await payer.getByLabel(en.editor.parties.getPaid).check();
    await payer.getByRole('combobox', { name: en.editor.parties.paymentProduct }).click();
    await page.getByRole('option', { name: new RegExp(`^${productName}`) }).click();
    await screenshot(page, 'sign-pay-editor-party-desktop-en');
    await page.getByRole('button', { name: en.editor.toolbar.send }).click();
    const review = page.getByRole('dialog', { name: en.editor.send.title });
    await review.getByRole('table', { name: en.editor.send.costTable }).waitFor();
    await review.getByRole('button', { name: en.editor.send.send, exact: true }).click();
    await page.waitForURL(/#\/document\/[^/]+$/);
    const overviewUrl = page.url();

    // 3. Anna signs at her desk in Swedish; Ola signs on his phone.
    const annaBrowser = await openOtherBrowser(journey, desktop, 'sv');
    await openLink(annaBrowser.page, sv, await invitationLinkCode(journey.server.url, anna.email), 'anna-desktop-sv');
    await signWithInk(annaBrowser.page, sv, 'sign-pay-anna-desktop-sv');
    const olaBrowser = await openOtherBrowser(journey, phoneContext, 'en-us');
    await openLink(olaBrowser.page, en, await invitationLinkCode(journey.server.url, ola.email), 'ola-phone-en');
    await signWithInk(olaBrowser.page, en, 'sign-pay-ola-phone-en');

    // 4. Everyone signed: Ola accepts the terms and pays on the checkout page, then is back on the document.
    const terms = olaBrowser.page.getByRole('checkbox', { name: /^I accept the payment terms/ });
    await terms.waitFor({ timeout: 60_000 });
    await screenshot(olaBrowser.page, 'sign-pay-pay-step-phone-en', { fullPage: false });
    const pay = olaBrowser.page.getByRole('button', { name: /^Pay / });
    expect(await pay.isDisabled()).toBe(true);
    await terms.check();
    await pay.click();
    await olaBrowser.page.waitForURL(/\/sim\/stripe\/checkout\//);
    await screenshot(olaBrowser.page, 'sign-pay-checkout-phone');
    await olaBrowser.page.getByRole('button', { name: /^Pay / }).click();
    await olaBrowser.page.waitForURL(/signPayReturn=success/);
    await olaBrowser.page.getByText(en.signPay.success.title).waitFor({ timeout: 30_000 });
    await olaBrowser.page.getByText(en.signPay.signedAndPaid).first().waitFor({ timeout: 30_000 });
    await screenshot(olaBrowser.page, 'sign-pay-paid-phone-en');
    const annaFound = await closeOtherBrowser(annaBrowser);
    const olaFound = await closeOtherBrowser(olaBrowser);

    // 5. The sender sees it signed and paid, with the payment in the history.
    // The sender's tab has stood on the overview since sending: it is opened afresh.
    await page.goto(`${journey.server.url}/#/sent`);
    await page.goto(overviewUrl);
    await page.reload();
    await page.getByText(en.status['signed-and-paid']).first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'sign-pay-overview-signed-and-paid-desktop-en');

    expect(problems).toEqual([]);
    expect(annaFound).toEqual({ problems: [], violations: [] });
    expect(olaFound).toEqual({ problems: [], violations: [] });
  });
});
