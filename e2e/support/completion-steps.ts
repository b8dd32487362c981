import fs from 'node:fs';
import { pdfsig } from '@signlink/pdf/sealing/pdf-tools.test-helpers';
import type { Page } from 'playwright-core';
import type { AppTexts } from './app-steps.ts';
import { screenshot, settledScreenshot } from './browser.ts';

/** The sender's messages on opening the link (SenderMessagesDialog): both shown, then left with the keyboard. */
export async function readSenderMessages(
  page: Page,
  texts: AppTexts,
  messages: { document: string; personal: string },
  label: string,
) {
  const shown = texts.recipientDocument.senderMessages;
  const dialog = page.getByRole('dialog', { name: shown.title });
  await dialog.getByText(messages.document).waitFor();
  await dialog.getByText(messages.personal).waitFor();
  // The dialog's one button has the focus, so Enter (or Escape) leads on to the document.
  const next = await dialog.getByRole('button', { name: shown.continue }).elementHandle();
  await page.waitForFunction((element) => element === document.activeElement, next, { timeout: 5_000 });
  await settledScreenshot(page, `recipient-messages-${label}`, { fullPage: false });
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
}

/** The address in the "signed by everyone" e-mail that opens the party's link (`/<code>` on the brand host). */
export async function completionLinkIn(serverUrl: string, email: string, code: string) {
  const url = `${serverUrl}/v2/dev/messages?recipient=${encodeURIComponent(email)}`;
  for (let tries = 0; tries < 100; tries++) {
    const { messages } = (await (await fetch(url)).json()) as {
      messages: { subject?: string; links: string[]; attachments?: { filename: string; contentType: string }[] }[];
    };
    const completion = messages.find((message) =>
      message.attachments?.some((file) => file.contentType === 'application/pdf'),
    );
    const link = completion?.links.find((candidate) => new URL(candidate).pathname === `/${code}`);
    if (completion && link) return { link, attachments: completion.attachments ?? [] };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no completion e-mail with the link to ${code} for ${email}`);
}

/** One of the completion view's downloads, saved as the person would, checked by poppler's pdfsig. */
export async function downloadFromCompletion(page: Page, name: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
  const bytes = new Uint8Array(fs.readFileSync(await download.path()));
  return {
    fileName: download.suggestedFilename(),
    isPdf: Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-',
    signature: pdfsig(bytes),
  };
}

/** The completion view as a fresh browser sees it: both downloads offered without having watched the seal. */
export async function seeCompletedLink(page: Page, texts: AppTexts, label: string) {
  const completion = texts.recipientDocument.completion;
  await page.getByText(completion.completedTitle).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: completion.download }).waitFor();
  await page.getByRole('button', { name: texts.recipientDocument.completionDownloads.auditTrail }).waitFor();
  await screenshot(page, `recipient-completed-fresh-${label}`, { fullPage: false });
}
