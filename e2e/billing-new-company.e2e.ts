import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  approveQrOnSimulator,
  desktop,
  fill,
  logInAsDemo,
  openInLanguage,
  showBankIdQr,
  sv,
} from './support/app-steps.ts';
import { screenshot } from './support/browser.ts';
import { useBrowserJourney } from './support/journey.ts';

const journey = useBrowserJourney();
let page: Page;

/** Stripe's hosted checkout (the simulator's page on our server): pays and waits to be sent back. */
async function payOnCheckoutPage(returnPath: RegExp) {
  await page.waitForURL(/\/sim\/stripe\/checkout\//);
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(returnPath);
}

/** Adds 559100-0012 through the Add company wizard, proven by Anna with BankID; ends signed in to it. */
async function addCompany() {
  const t = sv.addCompany;
  await page.getByRole('button', { name: fill(sv.userMenu.open, { name: 'Demo Admin' }) }).click();
  await page.getByRole('menuitem', { name: sv.userMenu.addCompany }).click();
  const wizard = page.getByRole('dialog', { name: t.title });
  await wizard.getByRole('button', { name: t.continue }).click();
  await wizard.getByRole('textbox', { name: t.orgNumber.label }).fill('5591000012');
  await wizard.getByRole('button', { name: t.orgNumber.search }).click();
  await wizard.getByRole('region', { name: 'Andersson Konsult AB' }).waitFor();
  await wizard.getByRole('button', { name: t.company.verify }).click();
  const bankId = page.getByRole('dialog', { name: sv.bankId.title.orgNumber });
  await approveQrOnSimulator(journey, await showBankIdQr(bankId, sv), '199001011239');
  await bankId.waitFor({ state: 'detached', timeout: 15_000 });
  await wizard.getByRole('textbox', { name: t.invoiceEmail }).fill('faktura@andersson.test');
  await wizard.getByRole('button', { name: t.create }).click();
  await wizard.getByRole('status').waitFor();
  await wizard.getByRole('button', { name: t.done.close }).click();
  await wizard.waitFor({ state: 'detached' });
}

/** A gift card issued as a shop selling them would (the simulators' development endpoint), in SEK. */
async function issueGiftCard(valueMinor: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${journey.server.port}/v2/dev/vouchers`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ Value: valueMinor, Currency: 'SEK' }),
  });
  if (!response.ok) throw new Error(`issue gift card: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { Code: string }).Code;
}

describe('billing: a new company pays its way (issue 23, done when)', () => {
  it('tops up, buys a plan and an add-on, redeems a gift card and saves the receipts (Swedish)', {
    timeout: 180_000,
  }, async () => {
    ({ page } = await openInLanguage(journey, desktop, 'sv'));
    await logInAsDemo(page, sv, journey.server.url);
    await addCompany();

    // Top up 100 kr by card.
    await page.goto(`${journey.server.url}/#/billing/balance`);
    await page.getByRole('button', { name: sv.billing.balance.topUp, exact: true }).click();
    const topUp = page.getByRole('dialog', { name: sv.billing.topUp.title });
    await topUp.getByRole('radio', { name: /^100,00 SEK/ }).check();
    await topUp.getByRole('button', { name: sv.billing.topUp.continue }).click();
    await payOnCheckoutPage(/#\/paymentsuccess\?session_id=/);
    await page.getByText(sv.billing.payment.paidTitle).waitFor();

    // The Small plan by card, for one year.
    await page.goto(`${journey.server.url}/#/billing/price-plan`);
    const small = sv.billing.plans.names.SMALL;
    await page.getByRole('button', { name: fill(sv.billing.plans.order, { plan: small }) }).click();
    const order = page.getByRole('dialog', { name: fill(sv.billing.plans.orderTitle, { plan: small }) });
    await order.getByText('Totalt: 3 737,50 SEK').waitFor();
    await screenshot(page, 'billing-plan-order-desktop-sv');
    await order.getByRole('button', { name: sv.billing.plans.payByCard }).click();
    await payOnCheckoutPage(/#\/subscriptionpaymentreturn\?session_id=/);
    await page.getByText(new RegExp(`^Din plan ${small} är aktiv till `)).waitFor();
    await page.getByRole('link', { name: sv.billing.payment.toPlan }).click();
    await page.getByRole('heading', { name: fill(sv.billing.plans.yourPlan, { plan: small }) }).waitFor();
    await page.getByText(/^100 av 100 signaturer kvar/).waitFor();
    await screenshot(page, 'billing-plan-active-desktop-sv');

    // SMS invitations for a year.
    await page.goto(`${journey.server.url}/#/billing/add-ons`);
    const sms = sv.billing.addOns.names['sms-invitation'];
    await page.getByRole('button', { name: fill(sv.billing.addOns.buyNamed, { name: sms }) }).click();
    await payOnCheckoutPage(/#\/paymentsuccess\?session_id=/);
    await page.getByText(fill(sv.billing.payment.addOnPaid, { addOn: sms })).waitFor();
    await page.goto(`${journey.server.url}/#/billing/add-ons`);
    // Bought for a year: renewing waits for its last 30 days.
    await page.getByText(sv.billing.addOns.activeUntil.replace(' {{date}}', '')).first().waitFor();
    await screenshot(page, 'billing-add-ons-desktop-sv');

    // A gift card from the account menu: the welcome offer, the top-up and the card.
    const code = await issueGiftCard(200_00);
    await page.getByRole('button', { name: /^Kontomeny för/ }).click();
    await page.getByRole('menuitem', { name: sv.userMenu.redeemGiftCard }).click();
    const redeem = page.getByRole('dialog', { name: sv.giftCard.redeem.title });
    await redeem.getByRole('textbox', { name: sv.giftCard.code }).fill(code);
    await redeem.getByRole('button', { name: sv.giftCard.redeem.check }).click();
    await redeem.getByRole('button', { name: sv.giftCard.redeem.activate }).click();
    await redeem.getByText(/425,00/).waitFor();
    await redeem.getByRole('button', { name: sv.common.close }).last().click();

    // Three card payments, three receipts; each PDF downloads.
    await page.goto(`${journey.server.url}/#/billing/receipts`);
    const downloads = page.getByRole('button', { name: /^Ladda ner PDF för Kvitto \d+$/ });
    await downloads.nth(2).waitFor();
    expect(await downloads.count()).toBe(3);
    await screenshot(page, 'billing-receipts-desktop-sv');
    for (const index of [0, 1, 2]) {
      const downloading = page.waitForEvent('download');
      await downloads.nth(index).click();
      const saved = await (await downloading).path();
      expect((await readFile(saved)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
  });
});
