import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  type AppTexts,
  desktop,
  en,
  es,
  logInAsDemo as logInAsDemo_,
  openInLanguage,
  phoneContext,
  signUpByPhone as signUpByPhone_,
  sv,
} from './support/app-steps.ts';
import { screenshot } from './support/browser.ts';
import { latestMessageTo as latestMessageTo_, newMobileNumber } from './support/dev-messages.ts';
import { useBrowserJourney } from './support/journey.ts';

const journey = useBrowserJourney();
let page: Page;
let problems: string[];

async function openContext(options: Parameters<Browser['newContext']>[0], language: string) {
  ({ page, problems } = await openInLanguage(journey, options, language));
}

/** The `/register/{id}` path of the latest invitation e-mail to `recipient`, on this test's server. */
async function registerLinkIn(recipient: string): Promise<string> {
  const message = await latestMessageTo_(journey.server.url, recipient);
  const match = /#\/register\/([A-Za-z0-9_-]+)/.exec(message.text);
  if (!match) throw new Error(`no register link in: ${message.text}`);
  return `/#/register/${match[1]}`;
}

const logInAsDemo = (texts: AppTexts, base = journey.server.url) => logInAsDemo_(page, texts, base);

/** Sign-up by phone; the address already had the invitation, so its code is the second e-mail. */
const signUpByPhone = (texts: AppTexts, phone: { national: string; e164: string }, name: string, email: string) =>
  signUpByPhone_(page, journey.server.url, texts, { phone, name, email, emailsBefore: 1 });

describe('a partner’s customer accounts in a real browser (SPEC sections 2, 5 and 6)', () => {
  it('the demo partner invites a personal account; the invitee signs up from the e-mail and ends in it', async () => {
    await openContext(desktop, 'en-us');
    const phone = newMobileNumber();
    const invitee = `kim.${phone.national}@example.com`;
    await logInAsDemo(en);
    const menuButton = page.getByRole('button', { name: en.userMenu.open.replace('{{name}}', 'Demo Admin') });
    await menuButton.click();
    await page.getByRole('menuitem', { name: en.userMenu.addCustomer }).click();
    const wizard = page.getByRole('dialog', { name: en.customers.add.title });
    await wizard.getByRole('radio', { name: en.customers.kinds.personal }).check();
    await wizard.getByRole('textbox', { name: en.customers.add.personName }).fill('Kim Kund');
    await wizard.getByRole('textbox', { name: en.auth.fields.email }).fill(invitee);
    await screenshot(page, 'add-customer-personal-desktop-en');
    await wizard.getByRole('button', { name: en.customers.add.send }).click();
    await page.waitForURL(/#\/settings\/customers$/);
    await page.getByRole('list', { name: en.customers.list.heading }).getByText('Kim Kund').waitFor();
    await screenshot(page, 'settings-customers-desktop-en');
    await menuButton.click();
    await page.getByRole('menuitem', { name: en.session.logOut }).click();
    await page.waitForURL(/#\/login$/);

    await page.goto(`${journey.server.url}${await registerLinkIn(invitee)}`);
    await page.getByRole('heading', { name: en.invitation.customer.heading.personal }).waitFor();
    await screenshot(page, 'register-customer-personal-signed-out-desktop-en');
    await page.getByRole('link', { name: en.routes.createAccount }).click();
    await page.waitForURL(/#\/createaccount$/);
    await signUpByPhone(en, phone, 'Kim Kund', invitee);

    await page.waitForURL(/#\/register\//);
    await page.getByRole('button', { name: en.invitation.customer.acceptPersonal }).click();
    await page
      .getByRole('status')
      .filter({ hasText: en.invitation.accepted.replace('{{company}}', 'Kim Kund') })
      .waitFor();
    await screenshot(page, 'register-customer-personal-accepted-desktop-en');
    await page.getByRole('button', { name: en.userMenu.open.replace('{{name}}', 'Kim Kund') }).click();
    const current = page.locator('[role="menuitem"][aria-current="true"]');
    expect(await current.textContent()).toContain(en.userMenu.accountTypes.personal);
    expect(problems).toEqual([]);
  });

  it('explains on a phone in Swedish why a company abroad is not invited; a company invitation under PDF-blankett in Spanish', async () => {
    await openContext(phoneContext, 'sv');
    await logInAsDemo(sv);
    await page.goto(`${journey.server.url}/#/settings/customers`);
    await page.getByRole('button', { name: sv.customers.add.open }).click();
    const wizard = page.getByRole('dialog', { name: sv.customers.add.title });
    await wizard.getByRole('radio', { name: sv.customers.add.otherCountry }).check();
    await wizard.getByText(/Internationella konton kan inte bjudas in/).waitFor();
    await screenshot(page, 'add-customer-international-phone-sv');
    await wizard.getByRole('radio', { name: sv.customers.add.sweden }).check();
    await wizard.getByRole('textbox', { name: sv.addCompany.orgNumber.label }).fill('5591000012');
    await wizard.getByRole('textbox', { name: sv.customers.add.companyName }).fill('Andersson Konsult AB');
    const invitee = `anna.${newMobileNumber().national}@example.com`;
    await wizard.getByRole('textbox', { name: sv.auth.fields.email }).fill(invitee);
    await wizard.getByRole('button', { name: sv.customers.add.send }).click();
    await page
      .getByRole('list', { name: sv.customers.list.heading })
      .getByText('Andersson Konsult AB')
      .first()
      .waitFor();
    await screenshot(page, 'settings-customers-phone-sv');

    await openContext(desktop, 'es');
    const seBase = `http://pdfblankett.localhost:${journey.server.port}`;
    await page.goto(`${seBase}${await registerLinkIn(invitee)}`);
    await page
      .getByRole('heading', {
        name: es.invitation.customer.heading.company.replace('{{company}}', 'Andersson Konsult AB'),
      })
      .waitFor();
    await page.getByText('559100-0012').waitFor();
    await screenshot(page, 'register-customer-company-pdfblankett-es');
    await logInAsDemo(es, seBase);
    await page.goto(`${seBase}/#/settings/customers`);
    await page.getByRole('list', { name: es.customers.list.heading }).waitFor();
    await screenshot(page, 'settings-customers-pdfblankett-es');
    expect(problems).toEqual([]);
  });
});
