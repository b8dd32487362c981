import { resources } from '@signlink/i18n/resources';
import type { Browser, Locator, Page } from 'playwright-core';
import { phoneViewport, type WatchOptions } from './browser.ts';
import { emailCodeFor, smsCodeFor } from './dev-messages.ts';
import type { BrowserJourney } from './journey.ts';

/** Steps the journeys share, written once as a person takes them, in the texts of the language under test. */

export type AppTexts = typeof import('../../packages/i18n/locales/en-us/app.json');
export const en = resources['en-us'].app as AppTexts;
export const sv = resources.sv.app as AppTexts;
export const es = resources.es.app as AppTexts;
export const enErrors = resources['en-us'].errors as typeof import('../../packages/i18n/locales/en-us/errors.json');
export const esErrors = resources.es.errors as typeof import('../../packages/i18n/locales/es/errors.json');

/** i18next's `{{name}}` placeholders filled in, to find a text as the page shows it. */
export const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((result, [name, value]) => result.replace(`{{${name}}}`, value), text);

export const desktop = { viewport: { width: 1280, height: 800 } };
export const phoneContext = { viewport: phoneViewport, isMobile: true, hasTouch: true };

/** The seeded demo administrator. */
export const demo = { email: 'demo@signlink.test', password: 'signlink-demo' };

/**
 * A fresh watched page whose app starts in `language`, as the language a visitor chose before would, from a visitor
 * who answered the cookie banner before unless `watch` says otherwise (browser.ts).
 */
export async function openInLanguage(
  journey: BrowserJourney,
  options: Parameters<Browser['newContext']>[0],
  language: string,
  watch: WatchOptions = {},
) {
  const opened = await journey.open(options, watch);
  await opened.page.addInitScript((locale) => localStorage.setItem('signlink.language', locale), language);
  return opened;
}

/** The demo's e-mail and password in the login dialog, from a page that shows the login choices. */
export async function submitDemoLogin(page: Page, texts: AppTexts) {
  await page.getByRole('button', { name: texts.auth.login.withEmail }).click();
  const dialog = page.getByRole('dialog', { name: texts.auth.loginDialog.title });
  await dialog.getByRole('textbox', { name: texts.auth.fields.email }).fill(demo.email);
  await dialog.getByLabel(texts.auth.fields.password, { exact: true }).fill(demo.password);
  await dialog.getByRole('button', { name: texts.common.logIn }).click();
}

/**
 * The demo's saved language made that of `texts`, as a user who chose it before: the app switches to a signed-in
 * user's saved language at login, and journeys log the demo in to work in the language under test. Called from
 * Node on the server's IPv4 address (a brand host such as pdfblankett.localhost resolves in browsers only).
 */
export async function saveDemoLanguage(origin: string, texts: AppTexts) {
  const lang = (Object.keys(resources) as (keyof typeof resources)[]).find((locale) => resources[locale].app === texts);
  const api = `http://127.0.0.1:${new URL(origin).port}/v2`;
  const post = (path: string, body: object, authorization: string) =>
    fetch(`${api}/${path}`, {
      method: 'POST',
      headers: { Authorization: authorization, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const login = await post('oauth/generatetoken', demo, `Basic ${btoa('signlink-web:')}`);
  if (!login.ok) throw new Error(`demo login: ${login.status} ${await login.text()}`);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const saved = await post('user/lang', { lang }, `Bearer ${accessToken}`);
  if (!saved.ok) throw new Error(`demo language: ${saved.status} ${await saved.text()}`);
}

/** The demo administrator, whose language is that of `texts`, logged in by e-mail on `origin` (a brand's host). */
export async function logInAsDemo(page: Page, texts: AppTexts, origin: string) {
  await saveDemoLanguage(origin, texts);
  await page.goto(`${origin}/login`);
  await submitDemoLogin(page, texts);
  await page.waitForURL(/#\/dashboard$/);
}

/** The BankID dialog's QR code, once shown: the mobile BankID choice taken. */
export async function showBankIdQr(dialog: Locator, texts: AppTexts = en) {
  await dialog.getByRole('button', { name: new RegExp(texts.bankId.options.mobileBankId) }).click();
  const image = dialog.getByRole('img', { name: texts.bankId.qr.alt });
  await image.waitFor();
  return image;
}

/**
 * The BankID app, played on /sim/bankid in a second tab: the QR code read off the screen, scanned and approved
 * as `personalNumber` (the simulator's default person when none is given).
 */
export async function approveQrOnSimulator(journey: BrowserJourney, qrImage: Locator, personalNumber?: string) {
  const app = await journey.context.newPage();
  await app.goto(`${journey.server.url}/sim/bankid`);
  if (personalNumber) await app.getByLabel('Who identifies in the app').selectOption(personalNumber);
  await app.getByLabel("The QR code's content (bankid.…)").fill((await qrImage.getAttribute('data-qr-payload')) ?? '');
  await app.getByRole('button', { name: 'Scan' }).click();
  await app.getByText('Accepted: the order is open in the app.').waitFor();
  await app.getByRole('button', { name: 'Approve' }).first().click();
  await app.close();
}

/**
 * Sign-up by phone, as login.e2e.ts walks it: phone, code, PIN, name and e-mail, code. `emailsBefore`: messages the
 * address already had (an invitation), so the code is read from the next one.
 */
export async function signUpByPhone(
  page: Page,
  serverUrl: string,
  texts: AppTexts,
  person: { phone: { national: string; e164: string }; name: string; email: string; emailsBefore?: number },
) {
  const t = texts.auth;
  const step = (title: string) => page.getByRole('form', { name: title });
  const phoneStep = step(t.registration.phone.title);
  await phoneStep.getByRole('textbox', { name: t.fields.phoneNumber }).fill(person.phone.national);
  await phoneStep.getByRole('button', { name: t.registration.sendCode }).click();
  const codeStep = step(t.registration.smsCode.title);
  await codeStep.getByRole('textbox', { name: t.fields.smsCode }).fill(await smsCodeFor(serverUrl, person.phone.e164));
  await codeStep.getByRole('button', { name: t.registration.continue }).click();
  const pinStep = step(t.registration.pin.title);
  await pinStep.getByLabel(t.fields.newPin).fill('2468');
  await pinStep.getByLabel(t.fields.repeatPin).fill('2468');
  await pinStep.getByRole('button', { name: t.registration.continue }).click();
  const emailStep = step(t.registration.email.title);
  await emailStep.getByRole('textbox', { name: t.fields.name }).fill(person.name);
  await emailStep.getByRole('textbox', { name: t.fields.email }).fill(person.email);
  await emailStep.getByRole('button', { name: t.registration.sendCode }).click();
  const emailCodeStep = step(t.registration.emailCode.title);
  await emailCodeStep
    .getByRole('textbox', { name: t.fields.emailCode })
    .fill(await emailCodeFor(serverUrl, person.email, (person.emailsBefore ?? 0) + 1));
  await emailCodeStep.getByRole('button', { name: t.registration.finish }).click();
}
