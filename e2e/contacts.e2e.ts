import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { desktop, en, fill, logInAsDemo, openInLanguage, phoneContext } from './support/app-steps.ts';
import { screenshot } from './support/browser.ts';
import { useBrowserJourney } from './support/journey.ts';

/**
 * /contacts (SPEC section 2, menu item Contacts) in a browser, on a desktop and a phone: reached from the menu, a
 * contact added through the dialog (its checks first), found by search, changed and deleted. axe checks each screen
 * and dialog the journey reaches (support/axe.ts).
 */
const journey = useBrowserJourney();

async function addContact(page: Page, name: string, email: string) {
  await page.getByRole('button', { name: en.contacts.add }).click();
  const dialog = page.getByRole('dialog', { name: en.contacts.dialog.addTitle });
  await dialog.getByRole('button', { name: en.contacts.dialog.add, exact: true }).click();
  await dialog.getByText(en.contacts.errors.nameMissing).waitFor();
  await dialog.getByRole('textbox', { name: en.contacts.dialog.name, exact: true }).fill(name);
  await dialog.getByRole('textbox', { name: en.contacts.dialog.email, exact: true }).fill(email);
  await dialog.getByRole('button', { name: en.contacts.dialog.add, exact: true }).click();
  await page
    .getByRole('status')
    .filter({ hasText: fill(en.contacts.added, { name }) })
    .waitFor();
}

describe('contacts (SPEC section 2, menu item Contacts)', () => {
  it('adds, finds, changes and deletes a contact on a desktop', { timeout: 180_000 }, async () => {
    const { page, problems } = await openInLanguage(journey, desktop, 'en-us');
    await logInAsDemo(page, en, journey.server.url);
    await page.getByRole('navigation', { name: en.nav.label }).getByRole('link', { name: en.nav.contacts }).click();
    await page.getByRole('heading', { name: en.routes.contacts, level: 1 }).waitFor();

    const name = `Anna ${Date.now()}`;
    await addContact(page, name, `anna.${Date.now()}@example.com`);
    await page.getByRole('searchbox', { name: en.contacts.search }).fill(name);
    const table = page.getByRole('table', { name: en.contacts.label });
    await table.getByRole('rowheader', { name }).waitFor();
    await screenshot(page, 'contacts-desktop');

    await page.getByRole('button', { name: fill(en.contacts.editFor, { name }) }).click();
    const dialog = page.getByRole('dialog', { name: en.contacts.dialog.editTitle });
    await dialog.getByRole('textbox', { name: en.contacts.dialog.name, exact: true }).fill(`${name} Berg`);
    await dialog.getByRole('button', { name: en.contacts.dialog.save }).click();
    await page.getByRole('searchbox', { name: en.contacts.search }).fill(`${name} Berg`);
    await table.getByRole('rowheader', { name: `${name} Berg` }).waitFor();

    await page.getByRole('button', { name: fill(en.contacts.deleteFor, { name: `${name} Berg` }) }).click();
    await page
      .getByRole('dialog', { name: en.contacts.deleteConfirm.title })
      .getByRole('button', {
        name: en.contacts.deleteConfirm.yes,
      })
      .click();
    await page.getByText(fill(en.contacts.noMatch, { search: `${name} Berg` })).waitFor();
    expect(problems).toEqual([]);
  });

  it('shows contacts as cards on a phone, with the add dialog full screen', { timeout: 180_000 }, async () => {
    const { page, problems } = await openInLanguage(journey, phoneContext, 'en-us');
    await logInAsDemo(page, en, journey.server.url);
    await page.goto(`${journey.server.url}/#/contacts`);
    await page.getByRole('heading', { name: en.routes.contacts, level: 1 }).waitFor();
    const name = `Bo ${Date.now()}`;
    await addContact(page, name, `bo.${Date.now()}@example.com`);
    await page.getByRole('searchbox', { name: en.contacts.search }).fill(name);
    await page.getByRole('list', { name: en.contacts.label }).getByRole('heading', { name }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'contacts-phone');
    expect(problems).toEqual([]);
  });
});
