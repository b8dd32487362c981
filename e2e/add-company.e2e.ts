import { resources } from '@signlink/i18n/resources';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  type AppTexts,
  approveQrOnSimulator,
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
import { phoneViewport, settledScreenshot as settledScreenshot_ } from './support/browser.ts';
import { useBrowserJourney } from './support/journey.ts';

const journey = useBrowserJourney();
let page: Page;
let problems: string[];

async function openContext(options: Parameters<Browser['newContext']>[0], language: string) {
  ({ page, problems } = await openInLanguage(journey, options, language));
}

const settledScreenshot = (name: string) => settledScreenshot_(page, name);

/** The demo login by e-mail, then the wizard from the user menu. */
async function openWizard(texts: AppTexts, origin = journey.server.url) {
  await logInAsDemo(page, texts, origin);
  await page.getByRole('button', { name: fill(texts.userMenu.open, { name: 'Demo Admin' }) }).click();
  await page.getByRole('menuitem', { name: texts.userMenu.addCompany }).click();
  return page.getByRole('dialog', { name: texts.addCompany.title });
}

/** Approves the dialog's QR code on /sim/bankid as Anna Andersson, who signs for 559100-0012. */
async function approveAsAnna() {
  const bankId = page.getByRole('dialog', { name: en.bankId.title.orgNumber });
  const qr = await showBankIdQr(bankId);
  await settledScreenshot('add-company-bankid-desktop');
  await approveQrOnSimulator(journey, qr, '199001011239');
  await bankId.waitFor({ state: 'detached', timeout: 15_000 });
}

describe('add company in a real browser', () => {
  it('adds 559100-0012 proven by Anna with BankID and ends signed in to it, with the welcome offer', async () => {
    await openContext(desktop, 'en-us');
    const wizard = await openWizard(en);
    const t = en.addCompany;
    await wizard.getByRole('form', { name: t.country.heading }).waitFor();
    await settledScreenshot('add-company-country-desktop');
    await wizard.getByRole('button', { name: t.continue }).click();

    await wizard.getByRole('textbox', { name: t.orgNumber.label }).fill('5591000012');
    expect(await wizard.getByRole('textbox', { name: t.orgNumber.label }).inputValue()).toBe('559100-0012');
    await wizard.getByRole('button', { name: t.orgNumber.search }).click();
    await wizard.getByRole('region', { name: 'Andersson Konsult AB' }).getByText('Storgatan 1').waitFor();
    await settledScreenshot('add-company-company-desktop');
    await wizard.getByRole('button', { name: t.company.verify }).click();
    await approveAsAnna();

    await wizard
      .getByText(fill(t.invoice.verified, { name: 'Anna Andersson', company: 'Andersson Konsult AB' }))
      .waitFor();
    await wizard.getByRole('textbox', { name: t.invoiceEmail }).fill('faktura@andersson.test');
    await wizard.getByRole('button', { name: t.create }).click();
    const done = wizard.getByRole('status');
    await done.waitFor();
    expect(await done.textContent()).toContain(fill(t.done.welcomeOffer, { amount: '125.00 SEK' }));
    await settledScreenshot('add-company-done-desktop');
    await wizard.getByRole('button', { name: t.done.close }).click();
    await wizard.waitFor({ state: 'detached' });

    // Signed in to the new company: the header names it, and after a reload too.
    const menu = page.getByRole('button', { name: fill(en.userMenu.open, { name: 'Demo Admin' }) });
    await menu.getByText('Andersson Konsult AB').waitFor();
    await page.reload();
    await menu.getByText('Andersson Konsult AB').waitFor();
    expect(problems).toEqual([]);
  });

  it('adds a Finnish company by its VAT number on a phone in Swedish, after VIES refused a wrong name', async () => {
    await openContext(phoneContext, 'sv');
    const wizard = await openWizard(sv);
    const t = sv.addCompany;
    await wizard.getByRole('combobox', { name: t.country.label }).click();
    await page.getByRole('option', { name: 'Finland' }).click();
    await settledScreenshot('add-company-country-phone-sv');
    await wizard.getByRole('button', { name: t.continue }).click();

    const form = wizard.getByRole('form', { name: fill(t.foreign.heading, { country: 'Finland' }) });
    await form.getByRole('textbox', { name: t.foreign.fields.LegalName }).fill('Virtasen Ohjelmistot');
    await form.getByRole('textbox', { name: t.foreign.fields.VatNumber }).fill('FI29170118');
    // Not "Address line 2": the label, with or without the required mark.
    await form
      .getByRole('textbox', { name: new RegExp(`^${t.foreign.fields.AddressLine1}\\W*$`) })
      .fill('Mannerheimintie 1');
    await form.getByRole('textbox', { name: t.foreign.fields.ZipCode }).fill('00100');
    await form.getByRole('textbox', { name: t.foreign.fields.City }).fill('Helsinki');
    await form.getByRole('button', { name: t.create }).click();
    const errors = resources.sv.errors as Record<string, string>;
    await form
      .getByRole('alert')
      .getByText(errors.vatInvalid ?? '')
      .waitFor();
    await form.getByText(fill(t.foreign.registeredName, { name: 'Virtasen Ohjelmistot Oy' })).waitFor();
    await settledScreenshot('add-company-foreign-refused-phone-sv');

    await form.getByRole('textbox', { name: t.foreign.fields.LegalName }).fill('Virtasen Ohjelmistot Oy');
    await form.getByRole('button', { name: t.create }).click();
    await wizard
      .getByRole('status')
      .getByText(fill(t.done.switched, { company: 'Virtasen Ohjelmistot Oy' }))
      .waitFor();
    await settledScreenshot('add-company-done-phone-sv');
    // A company in EUR gets no SEK welcome offer, so none is promised.
    expect(await wizard.getByRole('status').textContent()).not.toContain('SEK');
    // The browser logs VIES's refusal (422) as a failed resource; nothing else may fail.
    expect(problems.filter((problem) => !/\b422\b/.test(problem))).toEqual([]);
  });

  it("shows the register's company on a phone in Swedish, the wizard filling the screen", async () => {
    await openContext(phoneContext, 'sv');
    const wizard = await openWizard(sv);
    const t = sv.addCompany;
    await wizard.getByRole('button', { name: t.continue }).click();
    await wizard.getByRole('textbox', { name: t.orgNumber.label }).fill('559100-0038');
    await wizard.getByRole('button', { name: t.orgNumber.search }).click();
    await wizard.getByRole('region', { name: 'Karlsson Bygg AB' }).waitFor();
    const box = await wizard.boundingBox();
    expect(box?.width).toBe(phoneViewport.width);
    await settledScreenshot('add-company-company-phone-sv');
    expect(problems).toEqual([]);
  });

  it('checks the organisation number before asking the register, under PDF-blankett in Spanish', async () => {
    await openContext(desktop, 'es');
    const wizard = await openWizard(es, `http://pdfblankett.localhost:${journey.server.port}`);
    const t = es.addCompany;
    await wizard.getByRole('form', { name: t.country.heading }).waitFor();
    await settledScreenshot('add-company-country-pdfblankett-es');
    await wizard.getByRole('button', { name: t.continue }).click();
    await wizard.getByRole('textbox', { name: t.orgNumber.label }).fill('5591000013');
    await wizard.getByRole('button', { name: t.orgNumber.search }).click();
    await wizard.getByText(t.orgNumber.invalid).waitFor();
    await settledScreenshot('add-company-org-number-pdfblankett-es');
    expect(problems).toEqual([]);
  });
});
