import { resources } from '@signlink/i18n/resources';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { approveQrOnSimulator, showBankIdQr } from './support/app-steps.ts';
import { phoneViewport, screenshot } from './support/browser.ts';
import { emailCodeFor as emailCodeFor_, newMobileNumber, smsCodeFor as smsCodeFor_ } from './support/dev-messages.ts';
import { useBrowserJourney } from './support/journey.ts';

type AppTexts = typeof import('../packages/i18n/locales/en-us/app.json');
type ErrorTexts = typeof import('../packages/i18n/locales/en-us/errors.json');
const en = resources['en-us'].app as AppTexts;
const sv = resources.sv.app as AppTexts;
const es = resources.es.app as AppTexts;
const enErrors = resources['en-us'].errors as ErrorTexts;

const journey = useBrowserJourney();
let page: Page;
let problems: string[];

async function openContext(options: Parameters<Browser['newContext']>[0] = {}, language?: string) {
  ({ page, problems } = await journey.open(options));
  if (language) await page.addInitScript((locale) => localStorage.setItem('signlink.language', locale), language);
}

const phoneContext = { viewport: phoneViewport, isMobile: true, hasTouch: true };
const demo = { email: 'demo@signlink.test', password: 'signlink-demo' };

const smsCodeFor = (e164: string, count = 1) => smsCodeFor_(journey.server.url, e164, count);
const emailCodeFor = (address: string, count = 1) => emailCodeFor_(journey.server.url, address, count);

const step = (title: string) => page.getByRole('form', { name: title });

/** Identifies with BankID through the dialog: the QR code read off the screen and approved on /sim/bankid. */
async function identifyWithBankId(title: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await approveQrOnSimulator(journey, await showBankIdQr(dialog));
  await dialog.waitFor({ state: 'detached', timeout: 15_000 });
}

describe('login and sign-up in a real browser', () => {
  it('signs up by phone on a phone in Swedish, then logs out and back in with phone and PIN', async () => {
    await openContext(phoneContext, 'sv');
    const phone = newMobileNumber();
    const texts = sv.auth;
    await page.goto(`${journey.server.url}/sign-up`);
    await page.waitForURL(/#\/sign-up$/);

    const phoneStep = step(texts.registration.phone.title);
    await phoneStep.getByRole('textbox', { name: texts.fields.phoneNumber }).fill(phone.national);
    await screenshot(page, 'signup-phone-sv');
    await phoneStep.getByRole('button', { name: texts.registration.sendCode }).click();

    const codeStep = step(texts.registration.smsCode.title);
    await codeStep.getByRole('textbox', { name: texts.fields.smsCode }).fill(await smsCodeFor(phone.e164));
    await codeStep.getByRole('button', { name: texts.registration.continue }).click();

    const pinStep = step(texts.registration.pin.title);
    await pinStep.getByLabel(texts.fields.newPin).fill('2468');
    await pinStep.getByLabel(texts.fields.repeatPin).fill('2486');
    await pinStep.getByRole('button', { name: texts.registration.continue }).click();
    await pinStep.getByText(texts.validation.pinMismatch).waitFor();
    await screenshot(page, 'signup-pin-mismatch-sv');
    await pinStep.getByLabel(texts.fields.repeatPin).fill('2468');
    await pinStep.getByRole('button', { name: texts.registration.continue }).click();

    const address = `nora.${phone.national}@example.com`;
    const emailStep = step(texts.registration.email.title);
    await emailStep.getByRole('textbox', { name: texts.fields.name }).fill('Nora Nilsson');
    await emailStep.getByRole('textbox', { name: texts.fields.email }).fill(address);
    await emailStep.getByRole('button', { name: texts.registration.sendCode }).click();

    const emailCodeStep = step(texts.registration.emailCode.title);
    await emailCodeStep.getByRole('textbox', { name: texts.fields.emailCode }).fill(await emailCodeFor(address));
    await screenshot(page, 'signup-email-code-sv');
    await emailCodeStep.getByRole('button', { name: texts.registration.finish }).click();

    // A new user is welcomed first (SPEC section 2, /welcome), once.
    await page.waitForURL(/#\/welcome$/);
    await page.getByRole('link', { name: sv.welcome.continue }).click();
    await page.waitForURL(/#\/dashboard$/);
    const menuButton = page.getByRole('button', { name: sv.userMenu.open.replace('{{name}}', 'Nora Nilsson') });
    await menuButton.click();
    await page.getByRole('menu').waitFor();
    await screenshot(page, 'signed-up-menu-phone-sv');
    await page.getByRole('menuitem', { name: sv.session.logOut }).click();
    await page.waitForURL(/#\/login$/);

    const loginForm = step(texts.login.phone.heading);
    await loginForm.getByRole('textbox', { name: texts.fields.phoneNumber }).fill(phone.national);
    await loginForm.getByLabel(texts.fields.pin, { exact: true }).fill('2468');
    await loginForm.getByRole('button', { name: texts.login.phone.submit }).click();
    const codeForm = step(texts.login.phone.codeStep);
    // The sign-up's text came first; the login's is the second to this number.
    await codeForm.getByRole('textbox', { name: texts.fields.smsCode }).fill(await smsCodeFor(phone.e164, 2));
    await codeForm.getByRole('button', { name: sv.common.logIn }).click();
    await page.waitForURL(/#\/dashboard$/);
    await menuButton.waitFor();
    expect(problems).toEqual([]);
  });

  it('logs in with e-mail and password on a desktop, after the bad-login line for a wrong one', async () => {
    await openContext({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${journey.server.url}/login`);
    await page.getByRole('button', { name: en.auth.login.withEmail }).click();
    const dialog = page.getByRole('dialog', { name: en.auth.loginDialog.title });
    const logIn = dialog.getByRole('button', { name: en.common.logIn });
    expect(await logIn.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: en.auth.fields.email }).fill(demo.email);
    await dialog.getByLabel(en.auth.fields.password, { exact: true }).fill('not-the-password');
    await logIn.click();
    await dialog.getByText(enErrors.badCredentials).waitFor();
    await screenshot(page, 'login-dialog-bad-credentials-desktop');

    await dialog.getByLabel(en.auth.fields.password, { exact: true }).fill(demo.password);
    await logIn.click();
    await page.waitForURL(/#\/dashboard$/);
    await page.getByRole('button', { name: en.userMenu.open.replace('{{name}}', 'Demo Admin') }).click();
    await page.getByRole('menu').waitFor();
    await screenshot(page, 'user-menu-desktop');

    // A reload keeps the session: the token is kept and `GET user` loads who it belongs to.
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByRole('button', { name: en.userMenu.open.replace('{{name}}', 'Demo Admin') }).click();
    await page.getByRole('menuitem', { name: en.session.logOut }).click();
    await page.waitForURL(/#\/login$/);
    // The browser logs the refused password's 401 as a failed resource; nothing else may fail.
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
  });

  it('signs a person BankID knows but we do not up with BankID, then logs them in with BankID', async () => {
    await openContext({ viewport: { width: 1280, height: 800 } });
    const phone = newMobileNumber();
    const texts = en.auth;
    await page.goto(`${journey.server.url}/login`);
    await page.getByRole('button', { name: texts.login.bankId }).click();
    await identifyWithBankId(en.bankId.title.login);
    const status = page.getByRole('status').filter({ hasText: texts.login.bankIdNoAccount });
    await screenshot(page, 'login-bankid-no-account-desktop');
    await status.getByRole('button', { name: texts.login.createAccountInstead }).click();
    await page.waitForURL(/#\/createaccount$/);
    await page.getByText(texts.registration.bankId.identified.replace('{{name}}', 'Anna Andersson')).waitFor();

    const phoneStep = step(texts.registration.phone.title);
    await phoneStep.getByRole('textbox', { name: texts.fields.phoneNumber }).fill(phone.national);
    await phoneStep.getByRole('button', { name: texts.registration.sendCode }).click();
    const codeStep = step(texts.registration.smsCode.title);
    await codeStep.getByRole('textbox', { name: texts.fields.smsCode }).fill(await smsCodeFor(phone.e164));
    await codeStep.getByRole('button', { name: texts.registration.continue }).click();
    const address = `anna.${phone.national}@example.com`;
    const emailStep = step(texts.registration.bankId.emailTitle);
    await emailStep.getByRole('textbox', { name: texts.fields.email }).fill(address);
    await emailStep.getByRole('button', { name: texts.registration.sendCode }).click();
    const emailCodeStep = step(texts.registration.emailCode.title);
    await emailCodeStep.getByRole('textbox', { name: texts.fields.emailCode }).fill(await emailCodeFor(address));
    await screenshot(page, 'signup-bankid-email-code-desktop');
    await emailCodeStep.getByRole('button', { name: texts.registration.finish }).click();
    await page.waitForURL(/#\/welcome$/);
    await page.getByRole('link', { name: en.welcome.continue }).click();
    await page.waitForURL(/#\/dashboard$/);

    const menuButton = page.getByRole('button', { name: en.userMenu.open.replace('{{name}}', 'Anna Andersson') });
    await menuButton.click();
    await page.getByRole('menuitem', { name: en.session.logOut }).click();
    await page.waitForURL(/#\/login$/);
    await page.getByRole('button', { name: texts.login.bankId }).click();
    await identifyWithBankId(en.bankId.title.login);
    await page.waitForURL(/#\/dashboard$/);
    await menuButton.waitFor();
    expect(problems).toEqual([]);
  });

  it('shows the shared login and sign-up screen under the second brand, in Spanish', async () => {
    await openContext({ viewport: { width: 1280, height: 800 } }, 'es');
    await page.goto(`http://pdfblankett.localhost:${journey.server.port}/createaccount`);
    await step(es.auth.registration.phone.title).waitFor();
    await screenshot(page, 'createaccount-pdfblankett-es');
    await page.getByRole('tab', { name: es.routes.login }).click();
    await page.waitForURL(/#\/login$/);
    await page.getByRole('button', { name: es.auth.login.bankId }).waitFor();
    await screenshot(page, 'login-pdfblankett-es');
    expect(problems).toEqual([]);
  });
});
