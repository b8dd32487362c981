import { resources } from '@signlink/i18n/resources';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  type AppTexts,
  approveQrOnSimulator,
  demo,
  desktop,
  en,
  es,
  fill,
  logInAsDemo,
  openInLanguage,
  phoneContext,
  showBankIdQr,
  sv,
} from './support/app-steps.ts';
import { settledScreenshot as settledScreenshot_ } from './support/browser.ts';
import { useBrowserJourney } from './support/journey.ts';

type ErrorTexts = typeof import('../packages/i18n/locales/en-us/errors.json');
const svErrors = resources.sv.errors as ErrorTexts;

const journey = useBrowserJourney();
let page: Page;
let problems: string[];

async function openContext(options: Parameters<Browser['newContext']>[0], language: string) {
  ({ page, problems } = await openInLanguage(journey, options, language));
}

const settledScreenshot = (name: string) => settledScreenshot_(page, name);

/** The demo admin's e-mail login, then the given settings screen. */
async function logInTo(texts: AppTexts, hash: string, origin = journey.server.url) {
  await logInAsDemo(page, texts, origin);
  await page.goto(`${origin}/#${hash}`);
}

/** Approves the dialog's QR code on /sim/bankid as Anna Andersson, who signs for 559100-0012. */
async function approveAsAnna() {
  const bankId = page.getByRole('dialog', { name: en.bankId.title.orgNumber });
  await approveQrOnSimulator(journey, await showBankIdQr(bankId), '199001011239');
  await page.bringToFront();
  await bankId.waitFor({ state: 'detached', timeout: 15_000 });
}

// One server for the file: the tests run in order, the number proven in the second one.
describe('the organisation number and the password in a real browser', () => {
  it('offers the unproven demo company’s verification on a phone under PDF-blankett in Spanish', async () => {
    await openContext(phoneContext, 'es');
    await logInTo(es, '/settings/company', `http://pdfblankett.localhost:${journey.server.port}`);
    const form = page.getByRole('form', { name: es.settings.company.verifyOrgNumber.heading });
    await form.getByRole('textbox', { name: es.addCompany.orgNumber.label }).fill('5591000013');
    await form.getByRole('button', { name: es.addCompany.company.verify }).click();
    await form.getByText(es.addCompany.orgNumber.invalid).waitFor();
    await settledScreenshot('org-number-verify-phone-pdfblankett-es');
    expect(problems).toEqual([]);
  });

  it('proves 559100-0012 with Anna’s BankID, then the wizard knows the company is held', async () => {
    await openContext(desktop, 'en-us');
    await logInTo(en, '/settings/company');
    const form = page.getByRole('form', { name: en.settings.company.verifyOrgNumber.heading });
    await form.getByRole('textbox', { name: en.addCompany.orgNumber.label }).fill('5591000012');
    await settledScreenshot('org-number-verify-desktop');

    await form.getByRole('button', { name: en.addCompany.company.verify }).click();
    await approveAsAnna();
    const done = fill(en.settings.company.verifyOrgNumber.done, { orgNumber: '559100-0012', name: '' });
    await page.getByText(done.slice(0, done.indexOf(' for '))).waitFor();
    const address = page.getByRole('form', { name: en.settings.company.billingAddress });
    await address.getByText('559100-0012').waitFor();
    await settledScreenshot('org-number-verified-desktop');
    expect(await form.count()).toBe(0);

    await page.getByRole('button', { name: fill(en.userMenu.open, { name: 'Demo Admin' }) }).click();
    await page.getByRole('menuitem', { name: en.userMenu.addCompany }).click();
    const wizard = page.getByRole('dialog', { name: en.addCompany.title });
    await wizard.getByRole('button', { name: en.addCompany.continue }).click();
    await wizard.getByRole('textbox', { name: en.addCompany.orgNumber.label }).fill('5591000012');
    await wizard.getByRole('button', { name: en.addCompany.orgNumber.search }).click();
    // The demo company now holds that number, and the admin acts for it: the wizard says so.
    await wizard.getByText(en.addCompany.company.heldCurrent).waitFor();
    expect(await wizard.getByRole('button', { name: en.addCompany.company.verify }).count()).toBe(0);
    await settledScreenshot('add-company-held-desktop');
    expect(problems).toEqual([]);
  });

  it('changes the password on a phone in Swedish: a wrong current one said at its field', async () => {
    await openContext(phoneContext, 'sv');
    await logInTo(sv, '/settings/preferences');
    const t = sv.settings.preferences.password;
    const form = page.getByRole('form', { name: t.changeHeading });
    await form.getByLabel(new RegExp(`^${t.current}`)).fill('not-the-password');
    await form.getByLabel(new RegExp(`^${t.new}`)).fill('new-demo-secret-1');
    await form.getByLabel(new RegExp(`^${t.repeat}`)).fill('new-demo-secret-1');
    await form.getByRole('button', { name: t.changeSubmit }).click();
    await form.getByText(svErrors.wrongPassword).waitFor();
    await form.getByText(svErrors.wrongPassword).scrollIntoViewIfNeeded();
    await settledScreenshot('password-wrong-phone-sv');
    expect(page.url()).toContain('#/settings/preferences');

    await form.getByLabel(new RegExp(`^${t.current}`)).fill(demo.password);
    await form.getByRole('button', { name: t.changeSubmit }).click();
    await form.getByText(t.changed).waitFor();
    await settledScreenshot('password-changed-phone-sv');
    // The wrong password's 403 is the browser's own console line, expected here.
    expect(problems.filter((problem) => !/\b403\b/.test(problem))).toEqual([]);
  });
});
