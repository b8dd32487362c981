import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  type AppTexts,
  desktop,
  en,
  es,
  fill,
  logInAsDemo,
  openInLanguage,
  phoneContext,
  sv,
} from './support/app-steps.ts';
import { screenshot } from './support/browser.ts';
import { latestMessageTo } from './support/dev-messages.ts';
import { useBrowserJourney } from './support/journey.ts';
import { closeOtherBrowser, openOtherBrowser } from './support/other-browsers.ts';
import { signWithInk, waitForSealed } from './support/recipient-steps.ts';

/**
 * Issue 24's DONE-WHEN in a browser: the demo sender makes a template with the roles Customer and Witness from a
 * PDF, publishes it as a public link, a visitor on a phone opens the address, names the witness and signs, the
 * witness signs from the invitation, and the sealed document lands in the sender's inbox under the link's
 * sub-inbox. axe checks every screen of the three browsers (support/axe.ts).
 */
const journey = useBrowserJourney();
const fixture = (name: string) => path.resolve(import.meta.dirname, '../../shared/fixtures/pdfs', name);

/** A template slot added in the editor: given its role and a signature field on page 1. */
async function addRoleWithSignature(page: Page, number: number, role: string) {
  await page.getByRole('button', { name: en.editor.parties.add }).click();
  const slot = page.getByRole('region', { name: fill(en.editor.parties.unnamed, { number: String(number) }) });
  await slot.getByRole('textbox', { name: en.templates.editor.role }).fill(role);
  await page.getByRole('region', { name: role, exact: true }).waitFor();
  await page.getByRole('button', { name: en.editor.fieldTypes.signature, exact: true }).click();
  await page
    .getByRole('button', {
      name: fill(en.editor.field.label, { type: en.editor.fieldTypes.signature, party: role, page: '1' }),
    })
    .waitFor();
}

/** The visitor's (or witness's) own link, once its document is drawn. */
async function seeDocument(page: Page, texts: AppTexts, label: string) {
  await page.locator('canvas[data-rendered="true"]').first().waitFor({ timeout: 30_000 });
  await page
    .getByRole('button', { name: new RegExp(`^${texts.recipientDocument.field.signHereFor.split('{{')[0]}`) })
    .waitFor();
  await screenshot(page, `public-link-document-${label}`, { fullPage: false });
}

describe('templates and public links in a real browser (issue 24)', () => {
  it('a template with two roles, published as a public link, signed by a visitor and the witness they name, lands sealed in the inbox', {
    timeout: 300_000,
  }, async () => {
    const run = Date.now().toString(36);
    const templateName = `Rental agreement ${run}`;
    const linkName = `Rent a bike ${run}`;
    const visitorName = 'Carmen Ruiz';
    const witness = { name: 'Vera Vittne', email: `vera.${run}@example.com` };

    // 1. The demo sender makes the template from a PDF.
    const { page, problems } = await openInLanguage(journey, desktop, 'en-us');
    await logInAsDemo(page, en, journey.server.url);
    await page.getByRole('navigation', { name: en.nav.label }).getByRole('link', { name: en.nav.templates }).click();
    await page.getByRole('heading', { name: en.routes.templates, level: 1 }).waitFor();
    await page.getByRole('link', { name: en.templates.create }).click();
    await page.waitForURL(/#\/templates\/create$/);
    await page.locator('input[type="file"]').setInputFiles(fixture('pdflatex-4-pages.pdf'));
    await page.waitForURL(/#\/templates\/[^/]+\/edit$/);
    await page.getByRole('group', { name: fill(en.editor.pages.page, { page: '1' }) }).waitFor();
    await page.getByRole('textbox', { name: en.editor.toolbar.title }).fill(templateName);
    await addRoleWithSignature(page, 1, 'Customer');
    await addRoleWithSignature(page, 2, 'Witness');
    await screenshot(page, 'public-link-template-editor-desktop-en');
    await page.getByRole('button', { name: en.templates.editor.save }).click();
    await page.waitForURL(/#\/templates$/);
    const templates = page.getByRole('list', { name: en.templates.listLabel });
    const row = templates.getByRole('listitem').filter({ hasText: templateName });
    await row.getByText(fill(en.templates.roles, { roles: 'Customer, Witness' })).waitFor();

    // 2. Published as a public link: the visitor signs as Customer and names the witness.
    await row.getByRole('button', { name: fill(en.templates.actions.menu, { name: templateName }) }).click();
    await page.getByRole('menuitem', { name: en.templates.actions.publish }).click();
    await page.waitForURL(/#\/links\/create\?template=/);
    await page.getByText(fill(en.publicLinks.form.templateHint, { role: 'Customer' })).waitFor();
    await page.getByRole('textbox', { name: en.publicLinks.form.name }).fill(linkName);
    await page.getByRole('radio', { name: en.publicLinks.gates.none }).check();
    const witnessRole = page.getByRole('radiogroup', { name: 'Witness' });
    await witnessRole.getByRole('radio', { name: en.publicLinks.form.visitorNames }).check();
    await page.getByRole('button', { name: en.publicLinks.form.publish }).click();
    await page
      .getByRole('status')
      .filter({ hasText: fill(en.publicLinks.created, { name: linkName }) })
      .waitFor();
    const address = await page.getByRole('textbox', { name: en.publicLinks.address }).inputValue();
    expect(address).toMatch(/^http:\/\//);
    await page.getByRole('img', { name: fill(en.publicLinks.qrAlt, { name: linkName }) }).waitFor();
    await screenshot(page, 'public-link-published-desktop-en');

    // 3. A visitor on a phone, in Spanish, opens the address, names the witness and signs as Customer.
    const visitor = await openOtherBrowser(journey, phoneContext, 'es');
    await visitor.page.goto(address);
    await visitor.page.getByRole('heading', { name: linkName, level: 1 }).waitFor();
    await visitor.page.getByText(fill(es.recipient.visitStart.youSignAs, { role: 'Customer' })).waitFor();
    const witnessFields = visitor.page.getByRole('group', { name: 'Witness' });
    await visitor.page.getByRole('textbox', { name: es.recipient.visitStart.yourName }).fill(visitorName);
    await witnessFields.getByRole('textbox', { name: es.recipient.visitStart.name }).fill(witness.name);
    await witnessFields.getByRole('textbox', { name: es.recipient.visitStart.contact }).fill(witness.email);
    await screenshot(visitor.page, 'public-link-visit-start-phone-es', { fullPage: false });
    await visitor.page.getByRole('button', { name: es.recipient.visitStart.start }).click();
    await seeDocument(visitor.page, es, 'visitor-phone-es');
    await signWithInk(visitor.page, es, 'public-link-visitor-phone-es');

    // 4. The witness is invited by e-mail and signs in a browser of their own, in Swedish.
    const invitation = await latestMessageTo(journey.server.url, witness.email);
    const code = /\/([A-Z0-9]{16,64})\b/.exec(invitation.text)?.[1];
    if (!code) throw new Error(`no link in: ${invitation.text}`);
    const visitorFound = await closeOtherBrowser(visitor);
    const witnessBrowser = await openOtherBrowser(journey, desktop, 'sv');
    await witnessBrowser.page.goto(`${journey.server.url}/${code}`);
    await seeDocument(witnessBrowser.page, sv, 'witness-desktop-sv');
    await signWithInk(witnessBrowser.page, sv, 'public-link-witness-desktop-sv');

    // 5. Sealed once both have signed, and in the sender's inbox under the link's sub-inbox.
    await waitForSealed(witnessBrowser.page, sv, 'public-link-witness-desktop-sv');
    const witnessFound = await closeOtherBrowser(witnessBrowser);

    await page.goto(`${journey.server.url}/#/inbox`);
    await page.getByRole('heading', { name: en.routes.inbox, level: 1 }).waitFor();
    await page.getByRole('combobox', { name: en.publicLinks.inbox.subInbox }).click();
    await page
      .getByRole('option', { name: fill(en.publicLinks.inbox.subInboxItem, { name: linkName, count: '1' }) })
      .click();
    await page.waitForURL(/subinbox=/);
    const submitted = page.getByRole('listitem').filter({ hasText: en.status.signed });
    await submitted.first().waitFor();
    expect(await submitted.count()).toBe(1);
    // The visitor named themselves at the start: the owner sees who submitted, not "Party 1".
    expect(await submitted.first().textContent()).toContain(visitorName);
    await screenshot(page, 'public-link-inbox-desktop-en');
    await submitted.getByRole('link').first().click();
    await page.waitForURL(/#\/document\/[^/]+$/);
    await page.getByText(en.status.signed).first().waitFor();
    await screenshot(page, 'public-link-inbox-document-desktop-en');

    expect(problems).toEqual([]);
    expect(visitorFound).toEqual({ problems: [], violations: [] });
    expect(witnessFound).toEqual({ problems: [], violations: [] });
  });
});
