import type { Page } from 'playwright-core';
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
const brandOrigin = () => `http://pdfblankett.localhost:${journey.server.port}`;

/** The articles' titles the help centre lists now, in its order. */
async function listedTitles(page: Page, texts: AppTexts) {
  const list = page.getByRole('list', { name: texts.help.articles });
  return list.locator('.MuiListItemText-primary').allTextContents();
}

describe('the help centre (SPEC section 2, /help)', () => {
  it('on a phone in Swedish under PDF-blankett, signed out: from the footer, search, and an article', async () => {
    const { page, problems } = await openInLanguage(journey, phoneContext, 'sv');
    await page.goto(`${brandOrigin()}/`);
    await page.waitForURL(/#\/pdfblankett$/);
    await page.getByRole('link', { name: sv.footer.help, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: sv.help.title }).waitFor();
    expect(await page.title()).toBe(fill(sv.a11y.pageTitle, { page: sv.routes.help, brandName: 'PDF-blankett' }));
    await expect.poll(() => listedTitles(page, sv)).toHaveLength(6);

    // Typed as on a phone, without the Swedish letters: the BankID article still has "säkerhetskod".
    await page.getByRole('searchbox', { name: sv.help.search }).pressSequentially('sakerhetskod');
    await expect.poll(() => listedTitles(page, sv)).toEqual(['BankID']);
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('1 artikel hittades');
    await screenshot(page, 'help-centre-phone-sv-search');

    await page.getByRole('link', { name: /^BankID/ }).click();
    await page.waitForURL(/#\/help\/bankid$/);
    await page.getByRole('heading', { level: 1, name: 'BankID' }).waitFor();
    expect(await page.locator('h2#pa-en-annan-enhet').textContent()).toBe('På en annan enhet');
    await screenshot(page, 'help-centre-phone-sv-article');
    await page.getByRole('link', { name: sv.help.back }).click();
    await page.getByRole('heading', { level: 1, name: sv.help.title }).waitFor();
    expect(problems).toEqual([]);
  });

  it('on a desktop in Spanish, signed in: from the user menu, an article, and billing’s help in a new tab', async () => {
    const { page, problems } = await openInLanguage(journey, desktop, 'es');
    const origin = journey.server.url;
    await logInAsDemo(page, es, origin);
    await page.getByRole('button', { name: fill(es.userMenu.open, { name: 'Demo Admin' }) }).click();
    await page.getByRole('menuitem', { name: es.help.menu }).click();
    await page.waitForURL(/#\/help$/);
    await page.getByRole('heading', { level: 1, name: es.help.title }).waitFor();

    await page.getByRole('searchbox', { name: es.help.search }).fill('metodos de firma');
    await expect.poll(() => listedTitles(page, es)).toEqual(['Métodos de firma']);
    await page.getByRole('link', { name: /^Métodos de firma/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Métodos de firma' }).waitFor();
    // The article's link into the app stays in this tab.
    await page.getByRole('link', { name: 'BankID', exact: true }).click();
    await page.waitForURL(/#\/help\/bankid$/);
    await page.getByRole('heading', { level: 1, name: 'BankID' }).waitFor();
    await screenshot(page, 'help-centre-desktop-es-article');

    // The billing screen's help opens beside it: the screen stays where it was.
    await page.goto(`${origin}/#/billing/balance`);
    await page.getByRole('tab', { name: es.billing.tabs.balance }).waitFor();
    await screenshot(page, 'help-centre-desktop-es-billing-link', { fullPage: false });
    await page.getByRole('link', { name: new RegExp(`^${es.help.links.billing}`) }).click();
    // Under the server's Cross-Origin-Opener-Policy a noopener tab swaps its first blank page for a new one: the tab
    // is the page that arrives at the article.
    const tabAt = () =>
      page
        .context()
        .pages()
        .find((tab) => /#\/help\/billing$/.test(tab.url()));
    await expect.poll(() => tabAt()?.url()).toMatch(/#\/help\/billing$/);
    const helpTab = tabAt() as Page;
    await helpTab.getByRole('heading', { level: 1, name: 'Facturación' }).waitFor();
    expect(helpTab.url()).toMatch(/#\/help\/billing$/);
    expect(page.url()).toMatch(/#\/billing\/balance$/);
    await screenshot(helpTab, 'help-centre-desktop-es-billing');
    expect(problems).toEqual([]);
  });
});
