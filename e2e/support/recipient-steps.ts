import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import type { AppTexts } from './app-steps.ts';
import { screenshot, settledScreenshot } from './browser.ts';
import { emailCodeFor, smsCodeFor } from './dev-messages.ts';
import type { SeededLink } from './recipient-seed.ts';

/** The start of a text with a `{{placeholder}}`, to find it whatever the placeholder's value. */
const startOf = (text: string) => new RegExp(`^${text.split('{{')[0]?.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** Opens the link and waits until page 1 of the document is drawn (the gate, if any, passed by `passGate`). */
export async function openDocument(page: Page, label: string) {
  await page.getByRole('textbox', { name: 'Full name' }).waitFor();
  await page.locator('canvas[data-rendered="true"]').first().waitFor();
  await screenshot(page, `recipient-document-${label}`, { fullPage: false });
}

/** SPEC section 4's code dialog with the party's predefined contact: send the code, type it from the dev inbox. */
export async function passCodeGate(
  page: Page,
  serverUrl: string,
  texts: AppTexts,
  link: SeededLink,
  channel: 'sms' | 'email',
  label: string,
) {
  const gate = texts.recipient.gate;
  const dialog = page.getByRole('dialog', { name: gate[channel].title });
  await dialog.getByRole('button', { name: gate.sendCode }).click();
  const codeField = dialog.getByRole('textbox', { name: gate[channel].code });
  await codeField.waitFor();
  await settledScreenshot(page, `recipient-${channel}-gate-${label}`);
  // The invitation was the first message to the party; the code is the second.
  const code =
    channel === 'sms' ? await smsCodeFor(serverUrl, link.phone.e164, 2) : await emailCodeFor(serverUrl, link.email, 2);
  await codeField.fill(code);
  await dialog.getByRole('button', { name: gate.verify }).click();
  await dialog.getByText(gate.done).waitFor();
  await dialog.waitFor({ state: 'detached' });
}

/** The guided flow: Next field focuses the required name, the checkbox is ticked, then on to signing. */
export async function fillThroughGuide(page: Page, texts: AppTexts) {
  const guide = texts.recipientDocument.guide;
  const name = page.getByRole('textbox', { name: 'Full name' });
  await page.getByRole('button', { name: guide.nextField }).click();
  if (!(await name.evaluate((element) => element === document.activeElement)))
    throw new Error('Next field did not focus the first required field');
  await page.keyboard.type('Anna Andersson');
  await page.getByRole('checkbox', { name: 'I have read the terms' }).check();
  await page.getByRole('button', { name: guide.nextSignature }).click();
}

/** signature_pad gets a real stroke: the pointer drags a short zigzag across the pad. */
async function drawSignature(page: Page, texts: AppTexts) {
  const pad = page.getByRole('img', { name: texts.recipientDocument.ink.padLabel });
  const box = await pad.boundingBox();
  if (!box) throw new Error('no pad');
  await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++) {
    await page.mouse.move(box.x + 30 + step * 18, box.y + box.height * (step % 2 ? 0.35 : 0.65), { steps: 3 });
  }
  await page.mouse.up();
}

/** The slot's Sign here button, whatever the slot's label. */
export const signHereButton = (page: Page, texts: AppTexts) =>
  page.getByRole('button', { name: startOf(texts.recipientDocument.field.signHereFor) });

/** Draws in the ink dialog and signs; `alreadyOpen` when another step (a passed ID scan) opened the dialog. */
export async function signWithInk(page: Page, texts: AppTexts, label: string, options: { alreadyOpen?: boolean } = {}) {
  const ink = texts.recipientDocument.ink;
  if (!options.alreadyOpen) await signHereButton(page, texts).click();
  const dialog = page.getByRole('dialog', { name: startOf(ink.title) });
  await dialog.waitFor();
  await drawSignature(page, texts);
  await dialog.locator('button:not([disabled])', { hasText: ink.undo }).waitFor();
  await settledScreenshot(page, `recipient-ink-dialog-${label}`, { fullPage: false });
  await dialog.getByRole('button', { name: ink.sign, exact: true }).click();
}

/** The last signature's progress until the seal, then the signed PDF offered. */
export async function waitForSealed(page: Page, texts: AppTexts, label: string) {
  const completion = texts.recipientDocument.completion;
  await page.getByText(completion.completedTitle).waitFor({ timeout: 45_000 });
  await page.getByRole('button', { name: completion.download }).waitFor();
  await screenshot(page, `recipient-completed-${label}`, { fullPage: false });
}

/** Downloads the signed PDF as the person would; returns its text (poppler's pdftotext) and whether it is signed. */
export async function downloadSealedPdf(page: Page, texts: AppTexts) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: texts.recipientDocument.completion.download }).click(),
  ]);
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  return {
    fileName: download.suggestedFilename(),
    isPdf: bytes.subarray(0, 5).toString('latin1') === '%PDF-',
    hasSignature: bytes.includes('/ByteRange'),
    text: execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }),
  };
}
