import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  type AppTexts,
  desktop,
  es,
  logInAsDemo,
  openInLanguage,
  phoneContext,
  signUpByPhone as signUpByPhone_,
  sv,
} from './support/app-steps.ts';
import { screenshot } from './support/browser.ts';
import {
  latestMessageTo as latestMessageTo_,
  newMobileNumber,
  smsCodeFor as smsCodeFor_,
} from './support/dev-messages.ts';
import { useBrowserJourney } from './support/journey.ts';

const journey = useBrowserJourney();
let page: Page;
let problems: string[];

async function openContext(options: Parameters<Browser['newContext']>[0], language: string) {
  ({ page, problems } = await openInLanguage(journey, options, language));
}

const latestMessageTo = (recipient: string, count = 1) => latestMessageTo_(journey.server.url, recipient, count);
const smsCodeFor = (e164: string, count = 1) => smsCodeFor_(journey.server.url, e164, count);

/** The app path of a link in a message (`/#/resetpin/…`), opened on this test's server. */
async function linkIn(recipient: string, route: 'resetpin' | 'register', count = 1): Promise<string> {
  const message = await latestMessageTo(recipient, count);
  const match = new RegExp(`#/${route}/([A-Za-z0-9_-]+)`).exec(message.text);
  if (!match) throw new Error(`no ${route} link in: ${message.text}`);
  return `${journey.server.url}/#/${route}/${match[1]}`;
}

const step = (title: string) => page.getByRole('form', { name: title });

/** Sign-up by phone; `emailsBefore`: messages the address already had (an invitation). */
const signUpByPhone = (
  texts: AppTexts,
  phone: { national: string; e164: string },
  name: string,
  email: string,
  emailsBefore = 0,
) => signUpByPhone_(page, journey.server.url, texts, { phone, name, email, emailsBefore });

describe('PIN reset, users and invitations in a real browser', () => {
  it('resets a forgotten PIN by the texted link on a phone in Swedish, then logs in with the new PIN', async () => {
    await openContext(phoneContext, 'sv');
    const phone = newMobileNumber();
    await page.goto(`${journey.server.url}/sign-up`);
    await signUpByPhone(sv, phone, 'Nora Nilsson', `nora.${phone.national}@example.com`);
    // A new user is welcomed first, once.
    await page.waitForURL(/#\/welcome$/);
    await page.getByRole('link', { name: sv.welcome.continue }).click();
    await page.waitForURL(/#\/dashboard$/);
    await page.getByRole('button', { name: sv.userMenu.open.replace('{{name}}', 'Nora Nilsson') }).click();
    await page.getByRole('menuitem', { name: sv.session.logOut }).click();
    await page.waitForURL(/#\/login$/);

    const loginForm = step(sv.auth.login.phone.heading);
    await loginForm.getByRole('textbox', { name: sv.auth.fields.phoneNumber }).fill(phone.national);
    await loginForm.getByRole('button', { name: sv.auth.pinReset.forgotLink }).click();
    const dialog = page.getByRole('dialog', { name: sv.auth.pinReset.forgotTitle });
    await screenshot(page, 'forgot-pin-phone-sv');
    await dialog.getByRole('button', { name: sv.auth.pinReset.sendLink, exact: true }).click();
    await dialog.getByRole('status').waitFor();
    await screenshot(page, 'forgot-pin-sent-phone-sv');
    await dialog.getByRole('button', { name: sv.common.ok }).click();

    // The sign-up's code came first; the reset link is the second text to this number.
    await page.goto(await linkIn(phone.e164, 'resetpin', 2));
    const pinForm = step(sv.auth.pinReset.newPinTitle);
    await pinForm.getByLabel(sv.auth.fields.newPin).fill('1357');
    await pinForm.getByLabel(sv.auth.fields.repeatPin).fill('1375');
    await pinForm.getByRole('button', { name: sv.auth.pinReset.save }).click();
    await pinForm.getByText(sv.auth.validation.pinMismatch).waitFor();
    await screenshot(page, 'reset-pin-mismatch-phone-sv');
    await pinForm.getByLabel(sv.auth.fields.repeatPin).fill('1357');
    await pinForm.getByRole('button', { name: sv.auth.pinReset.save }).click();
    await page.waitForURL(/#\/login$/);
    await page.getByRole('status').filter({ hasText: sv.auth.pinReset.changed }).waitFor();
    await screenshot(page, 'reset-pin-done-phone-sv');

    await loginForm.getByRole('textbox', { name: sv.auth.fields.phoneNumber }).fill(phone.national);
    await loginForm.getByLabel(sv.auth.fields.pin, { exact: true }).fill('1357');
    await loginForm.getByRole('button', { name: sv.auth.login.phone.submit }).click();
    const codeForm = step(sv.auth.login.phone.codeStep);
    await codeForm.getByRole('textbox', { name: sv.auth.fields.smsCode }).fill(await smsCodeFor(phone.e164, 3));
    await codeForm.getByRole('button', { name: sv.common.logIn }).click();
    await page.waitForURL(/#\/dashboard$/);
    expect(problems).toEqual([]);
  });

  it('lets an administrator invite a user, who signs up from the e-mail link and joins (Swedish, desktop)', async () => {
    await openContext(desktop, 'sv');
    const phone = newMobileNumber();
    const invitee = `ines.${phone.national}@example.com`;
    await logInAsDemo(page, sv, journey.server.url);
    const adminMenu = page.getByRole('button', { name: sv.userMenu.open.replace('{{name}}', 'Demo Admin') });
    await adminMenu.click();
    // Exact: the menu's "Bjud in användare" (invite user) contains "Användare" too.
    await page.getByRole('menuitem', { name: sv.userMenu.users, exact: true }).click();
    await page.waitForURL(/#\/settings\/users$/);

    await page.getByRole('button', { name: sv.users.invite.open }).click();
    const invite = page.getByRole('dialog', { name: sv.users.invite.title });
    await invite.getByRole('textbox', { name: sv.auth.fields.email }).fill(invitee);
    await screenshot(page, 'invite-user-desktop-sv');
    await invite.getByRole('button', { name: sv.users.invite.send }).click();
    await page.getByRole('list', { name: sv.users.invitations.heading }).getByText(invitee).waitFor();
    await screenshot(page, 'settings-users-desktop-sv');
    await adminMenu.click();
    await page.getByRole('menuitem', { name: sv.session.logOut }).click();
    await page.waitForURL(/#\/login$/);

    await page.goto(await linkIn(invitee, 'register'));
    await page
      .getByRole('heading', { name: sv.invitation.heading.replace('{{company}}', 'Demo Company AB') })
      .waitFor();
    await screenshot(page, 'register-signed-out-desktop-sv');
    await page.getByRole('link', { name: sv.routes.createAccount }).click();
    await page.waitForURL(/#\/createaccount$/);
    await signUpByPhone(sv, phone, 'Ines Invited', invitee, 1);

    // Back on the invitation, now signed in with the invited address.
    await page.waitForURL(/#\/register\//);
    await page.getByRole('button', { name: sv.invitation.accept.replace('{{company}}', 'Demo Company AB') }).click();
    await page
      .getByRole('status')
      .filter({ hasText: sv.invitation.accepted.replace('{{company}}', 'Demo Company AB') })
      .waitFor();
    await screenshot(page, 'register-accepted-desktop-sv');
    await page.getByRole('button', { name: sv.userMenu.open.replace('{{name}}', 'Ines Invited') }).click();
    // A regular user: settings, but not the users screen (SPEC section 6).
    await page.getByRole('menuitem', { name: sv.userMenu.settings }).waitFor();
    expect(await page.getByRole('menuitem', { name: sv.userMenu.users, exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.goto(`${journey.server.url}/#/settings/users`);
    await page.getByText(sv.settings.users.noAccess).waitFor();
    await screenshot(page, 'settings-users-no-access-desktop-sv');
    expect(problems).toEqual([]);
  });

  it('shows the users screen on a phone, and an expired PIN link under PDF-blankett in Spanish', async () => {
    await openContext(phoneContext, 'sv');
    await logInAsDemo(page, sv, journey.server.url);
    await page.goto(`${journey.server.url}/#/settings/users`);
    await page.getByRole('list', { name: /^Medlemmar/ }).waitFor();
    await screenshot(page, 'settings-users-phone-sv');

    await openContext(desktop, 'es');
    await page.goto(`http://pdfblankett.localhost:${journey.server.port}/#/resetpin/reset_not_a_real_link_0000`);
    await page.getByRole('link', { name: es.auth.pinReset.backToLogin }).waitFor();
    await screenshot(page, 'reset-pin-unknown-pdfblankett-es');
    // The browser logs the refused link's 4xx as a failed resource; nothing else may fail.
    expect(problems.filter((problem) => !/\b4\d\d\b/.test(problem))).toEqual([]);
  });
});
