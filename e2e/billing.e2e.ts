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
  saveDemoLanguage,
  submitDemoLogin,
  sv,
} from './support/app-steps.ts';
import { screenshot } from './support/browser.ts';
import { useBrowserJourney } from './support/journey.ts';

const journey = useBrowserJourney();
let page: Page;

async function openContext(options: Parameters<Browser['newContext']>[0], language: string) {
  ({ page } = await openInLanguage(journey, options, language));
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

/** The billing screen's total, as the page shows it. */
async function totalBalanceText(texts: AppTexts) {
  const total = page.getByText(texts.billing.balance.total, { exact: true });
  await total.waitFor();
  return (await total.locator('xpath=..').innerText()).replace(/\s+/g, ' ');
}

describe('billing: the balance and gift cards (issue 23)', () => {
  it('redeems the demo gift card from the account menu and sees it on the balance (Swedish, desktop)', async () => {
    await openContext(desktop, 'sv');
    await logInAsDemo(page, sv, journey.server.url);

    await page.getByRole('button', { name: /^Kontomeny för/ }).click();
    await page.getByRole('menuitem', { name: sv.userMenu.redeemGiftCard }).click();
    const dialog = page.getByRole('dialog', { name: sv.giftCard.redeem.title });
    await dialog.getByRole('textbox', { name: sv.giftCard.code }).fill('demo-gift-0500');
    await dialog.getByRole('button', { name: sv.giftCard.redeem.check }).click();
    await dialog.getByRole('button', { name: sv.giftCard.redeem.activate }).click();
    // The welcome offer's 125 kr and the card's 500 kr.
    await dialog.getByText(/625,00/).waitFor();
    await screenshot(page, 'billing-redeem-desktop-sv');
    // The footer's Close, beside the title bar's.
    await dialog.getByRole('button', { name: sv.common.close }).last().click();

    await page.getByRole('button', { name: /^Kontomeny för/ }).click();
    await page.getByRole('menuitem', { name: sv.userMenu.billing }).click();
    await page.waitForURL(/#\/billing/);
    expect(await totalBalanceText(sv)).toContain('625,00');
    await page.getByText(sv.billing.balance.giftCardPart).waitFor();
    await page
      .getByText(fill(sv.billing.balance.remaining, { remaining: '500,00 SEK', value: '500,00 SEK' }))
      .waitFor();
    await screenshot(page, 'billing-balance-desktop-sv');
    await page.getByRole('tab', { name: sv.billing.tabs.transactionFees }).click();
    await page.getByText(sv.billing.fees.empty).waitFor();

    // A used card says so in the catalogue's words, and the balance is unchanged.
    await page.getByRole('button', { name: /^Kontomeny för/ }).click();
    await page.getByRole('menuitem', { name: sv.userMenu.redeemGiftCard }).click();
    const again = page.getByRole('dialog', { name: sv.giftCard.redeem.title });
    await again.getByRole('textbox', { name: sv.giftCard.code }).fill('DEMO-GIFT-0500');
    await again.getByRole('button', { name: sv.giftCard.redeem.check }).click();
    await again.getByText('Presentkortet har redan använts.').waitFor();
  });

  it('opens a gift-card link signed out on a phone under PDF-blankett in Spanish, logs in, and is told it cannot add a second card', async () => {
    const code = await issueGiftCard(250_00);
    const origin = `http://pdfblankett.localhost:${journey.server.port}`;
    await saveDemoLanguage(journey.server.url, es);
    await openContext(phoneContext, 'es');
    await page.goto(`${origin}/#/giftcard/es/${code}`);
    await page.getByRole('heading', { name: es.giftCard.landing.heading }).waitFor();
    await page.getByText(es.giftCard.landing.signedOut).waitFor();
    // The card's value before anyone signs in: SEK 250, a decimal point outside Swedish.
    await page
      .getByText(/250\.00/)
      .first()
      .waitFor();
    await screenshot(page, 'billing-gift-card-landing-phone-es');

    await page.getByRole('link', { name: es.common.logIn }).click();
    await submitDemoLogin(page, es);
    await page.waitForURL(new RegExp(`#/giftcard/es/${code}$`));
    // Gift cards are not cumulative: the demo card's credit from the journey before is still there.
    await page.getByText(/no se pueden combinar: esta cuenta aún tiene saldo de una tarjeta regalo/).waitFor();
    expect(await page.getByRole('button', { name: es.giftCard.redeem.activate }).count()).toBe(0);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(sideways).toBeLessThanOrEqual(0);
    await screenshot(page, 'billing-gift-card-refused-phone-es');
  });
});
