import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type AppTexts, desktop, en, es, openInLanguage, phoneContext, sv } from './support/app-steps.ts';
import { screenshot, settledScreenshot } from './support/browser.ts';
import { emailCodeFor, latestMessageTo } from './support/dev-messages.ts';
import { useBrowserJourney } from './support/journey.ts';
import { seedLink } from './support/recipient-seed.ts';
import { downloadSealedPdf, waitForSealed } from './support/recipient-steps.ts';

/**
 * Signing with the keyboard alone, as a keyboard, switch or screen-reader user does: from opening the link to the
 * completion view, every step is page.keyboard (Tab, Shift+Tab, Enter, Space, typing). Locators only wait and read.
 */
const journey = useBrowserJourney();

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a person tabs through the page. */
async function tabTo(page: Page, target: Locator, { backwards = false, maxPresses = 80 } = {}) {
  await target.waitFor();
  for (let presses = 0; presses < maxPresses; presses++) {
    if (await isFocused(target)) return presses;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${maxPresses} presses of Tab did not reach ${target}`);
}

/** The e-mail gate by keyboard: Send code, then the code typed into the field that takes the focus, then Enter. */
async function passEmailGateByKeyboard(page: Page, texts: AppTexts, address: string, label: string) {
  const gate = texts.recipient.gate;
  const dialog = page.getByRole('dialog', { name: gate.email.title });
  await tabTo(page, dialog.getByRole('button', { name: gate.sendCode }));
  await page.keyboard.press('Enter');
  const codeField = dialog.getByRole('textbox', { name: gate.email.code });
  await codeField.waitFor();
  await expect.poll(() => isFocused(codeField)).toBe(true);
  // The header is behind the dialog: its language and privacy information are in the dialog.
  await dialog.getByRole('combobox', { name: texts.language.label }).waitFor();
  await settledScreenshot(page, `recipient-keyboard-email-code-${label}`, { fullPage: false });
  // The invitation was the first message to the party; the code is the second.
  await page.keyboard.type(await emailCodeFor(journey.server.url, address, 2));
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached', timeout: 20_000 });
}

/** The document by keyboard: the required name typed, the checkbox ticked with Space, a typed signature. */
async function signByKeyboard(page: Page, texts: AppTexts, label: string) {
  const name = page.getByRole('textbox', { name: 'Full name' });
  await page.locator('canvas[data-rendered="true"]').first().waitFor();
  await tabTo(page, name);
  await page.keyboard.type('Anna Andersson');
  const terms = page.getByRole('checkbox', { name: 'I have read the terms' });
  await tabTo(page, terms);
  await page.keyboard.press('Space');
  expect(await terms.isChecked()).toBe(true);
  // Back to the name and forward again: Shift+Tab walks the same order the other way.
  await tabTo(page, name, { backwards: true, maxPresses: 10 });
  expect(await name.inputValue()).toBe('Anna Andersson');
  const signHere = page.getByRole('button', {
    name: texts.recipientDocument.field.signHereFor.replace('{{label}}', ''),
  });
  await tabTo(page, signHere.first());
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: new RegExp(`^${texts.recipientDocument.ink.title.split('{{')[0]}`) });
  const typedTexts = texts.recipientDocument.typedSignature;
  await tabTo(page, dialog.getByRole('tab', { name: typedTexts.drawTab }));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const typedField = dialog.getByRole('textbox', { name: typedTexts.field });
  await tabTo(page, typedField, { maxPresses: 5 });
  await page.keyboard.type('Anna Andersson');
  await settledScreenshot(page, `recipient-typed-signature-${label}`, { fullPage: false });
  await tabTo(page, dialog.getByRole('button', { name: texts.recipientDocument.ink.sign, exact: true }));
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached', timeout: 30_000 });
}

describe('a recipient signs with the keyboard alone (issue 22)', () => {
  // Longer than the journeys' minute: every step is a key press, and the phone's is timed, not raced.
  it('on a desktop: the e-mail gate, a text field, a checkbox and a typed signature, to the sealed PDF', {
    timeout: 180_000,
  }, async () => {
    const link = await seedLink(journey.server.url, { name: 'Keyboard lease', gate: 'email' });
    const { page, problems } = await openInLanguage(journey, desktop, 'en-us');
    await page.goto(`${journey.server.url}/${link.code}`);
    await passEmailGateByKeyboard(page, en, link.email, 'desktop-en');
    await signByKeyboard(page, en, 'desktop-en');
    await waitForSealed(page, en, 'keyboard-desktop-en');
    const pdf = await downloadSealedPdf(page, en);
    expect(pdf.hasSignature).toBe(true);
    // The audit trail says the e-signature was typed.
    expect(pdf.text).toContain('E-signature, typed');
    expect(problems).toEqual([]);
  });

  it('on a phone in Spanish, timed from opening the link to signed (4 pages, one text field)', {
    timeout: 180_000,
  }, async () => {
    const link = await seedLink(journey.server.url, { name: 'Contrato por teclado' });
    const { page, problems } = await openInLanguage(journey, phoneContext, 'es');
    const started = performance.now();
    await page.goto(`${journey.server.url}/${link.code}`);
    const signed = page.waitForResponse(
      (response) => response.url().endsWith(`/links/${link.code}/sign/ink`) && response.status() === 200,
      { timeout: 60_000 },
    );
    await signByKeyboard(page, es, 'phone-es');
    await signed;
    const signedSeconds = (performance.now() - started) / 1000;
    await waitForSealed(page, es, 'keyboard-phone-es');
    const sealedSeconds = (performance.now() - started) / 1000;
    console.log(
      `phone signer by keyboard, 4-page document with one text field: signed after ${signedSeconds.toFixed(1)} s, ` +
        `completion view after ${sealedSeconds.toFixed(1)} s (goal: signed in under 60 s)`,
    );
    await screenshot(page, 'recipient-keyboard-completed-phone-es', { fullPage: false });
    expect(signedSeconds).toBeLessThan(60);
    expect(problems).toEqual([]);
  });
  it('on a phone, the gate offers its language and privacy, and a reload asks for no new code', {
    timeout: 180_000,
  }, async () => {
    const link = await seedLink(journey.server.url, { name: 'Hyresavtal', gate: 'email' });
    const { page, problems } = await openInLanguage(journey, phoneContext, 'sv');
    await page.goto(`${journey.server.url}/${link.code}`);
    const svDialog = page.getByRole('dialog', { name: sv.recipient.gate.email.title });
    await svDialog.getByRole('button', { name: sv.recipient.header.privacy }).waitFor();
    await settledScreenshot(page, 'recipient-keyboard-email-gate-phone-sv', { fullPage: false });
    // The language, changed from inside the full-screen dialog with the keyboard (Español follows Svenska).
    await tabTo(page, svDialog.getByRole('combobox', { name: sv.language.label }));
    await page.keyboard.press('ArrowDown');
    await page.getByRole('dialog', { name: es.recipient.gate.email.title }).waitFor();
    await settledScreenshot(page, 'recipient-keyboard-email-gate-phone-es', { fullPage: false });
    await passEmailGateByKeyboard(page, es, link.email, 'phone-es');
    await page.getByRole('textbox', { name: 'Full name' }).waitFor();

    await page.reload();
    await page.locator('canvas[data-rendered="true"]').first().waitFor();
    expect(await page.getByRole('dialog', { name: es.recipient.gate.email.title }).count()).toBe(0);
    // The invitation and one code: the reload sent none.
    await latestMessageTo(journey.server.url, link.email, 2);
    const inbox = await fetch(`${journey.server.url}/v2/dev/messages?recipient=${encodeURIComponent(link.email)}`);
    expect(((await inbox.json()) as { messages: unknown[] }).messages).toHaveLength(2);
    await screenshot(page, 'recipient-keyboard-after-reload-phone-es', { fullPage: false });
    expect(problems).toEqual([]);
  });
});
