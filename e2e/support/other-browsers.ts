import type { Browser, Page } from 'playwright-core';
import { en, fill } from './app-steps.ts';
import { openWatchedPage, type WatchedPage } from './browser.ts';
import { latestMessageTo } from './dev-messages.ts';
import type { BrowserJourney } from './journey.ts';

/**
 * A second person's own browser beside the sender's: journey.open() would close the sender's, so these are opened
 * here, watched the same way, and their axe findings asserted by the journey.
 */
export async function openOtherBrowser(
  journey: BrowserJourney,
  options: Parameters<Browser['newContext']>[0],
  language: string,
): Promise<WatchedPage> {
  const browser = journey.context.browser();
  if (!browser) throw new Error('no browser');
  const opened = await openWatchedPage(browser, options);
  await opened.page.addInitScript((locale) => localStorage.setItem('signlink.language', locale), language);
  return opened;
}

/** The last screen checked, the context closed: what axe and the console found on the way. */
export async function closeOtherBrowser(opened: WatchedPage) {
  await opened.accessibility.checkIfNew(opened.page);
  await opened.context.close();
  return { problems: opened.problems, violations: opened.accessibility.violations };
}

/** A party added in the editor: named, with an e-mail address, and given a signature field. */
export async function addPartyWithSignature(page: Page, number: number, name: string, email: string) {
  await page.getByRole('button', { name: en.editor.parties.add }).click();
  const party = page.getByRole('region', { name: fill(en.editor.parties.unnamed, { number: String(number) }) });
  await party.getByRole('combobox', { name: en.editor.parties.name }).fill(name);
  await page.getByRole('region', { name }).getByRole('combobox', { name: en.editor.parties.email }).fill(email);
  await page.getByRole('button', { name: en.editor.fieldTypes.signature, exact: true }).click();
  await page
    .getByRole('button', {
      name: fill(en.editor.field.label, { type: en.editor.fieldTypes.signature, party: name, page: '1' }),
    })
    .waitFor();
}

/** The link code in the newest invitation e-mail to `address`. */
export async function invitationLinkCode(serverUrl: string, address: string): Promise<string> {
  const message = await latestMessageTo(serverUrl, address);
  const code = /\/([A-Z0-9]{16,64})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`no link in: ${message.text}`);
  return code;
}
