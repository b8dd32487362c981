import type { Locator, Page } from 'playwright-core';
import type { AppTexts } from './app-steps.ts';
import { settledScreenshot } from './browser.ts';
import { signHereButton } from './recipient-steps.ts';

/** The start of a text with a `{{placeholder}}`, to find it whatever the placeholder's value. */
const startOf = (text: string) => new RegExp(`^${text.split('{{')[0]?.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** Opens the slot's ID-scan dialog and gives consent; answers the dialog at its document-type step. */
export async function startIdScan(page: Page, texts: AppTexts, label: string): Promise<Locator> {
  const idScan = texts.idScan;
  await signHereButton(page, texts).click();
  const dialog = page.getByRole('dialog', { name: startOf(idScan.title) });
  await dialog.getByRole('heading', { name: idScan.start.heading }).waitFor();
  await settledScreenshot(page, `id-scan-start-${label}`, { fullPage: false });
  await dialog.getByRole('button', { name: idScan.start.continue }).click();
  await dialog.getByRole('heading', { name: idScan.consent.heading }).waitFor();
  await settledScreenshot(page, `id-scan-consent-${label}`, { fullPage: false });
  await dialog.getByRole('button', { name: idScan.consent.accept }).click();
  await dialog.getByRole('heading', { name: idScan.documentType.heading }).waitFor();
  return dialog;
}

export async function chooseDocumentType(dialog: Locator, texts: AppTexts, type: 'passport' | 'national-id') {
  await dialog.getByRole('radio', { name: texts.idScan.documentTypes[type] }).check();
  await dialog.getByRole('button', { name: texts.idScan.documentType.continue }).click();
}

/** Takes the photo with the (fake) camera and uses it. */
export async function captureWithCamera(page: Page, dialog: Locator, texts: AppTexts, label: string) {
  const photo = texts.idScan.photo;
  const capture = dialog.getByRole('button', { name: photo.capture });
  await capture.waitFor({ timeout: 15_000 });
  // The fake camera's first frames may be black while it starts: wait until the video plays.
  await dialog.locator('video').evaluate(
    (video: HTMLVideoElement) =>
      new Promise<void>((resolve) => {
        const ready = () => video.readyState >= 2 && video.videoWidth > 0;
        if (ready()) resolve();
        else video.addEventListener('playing', () => resolve(), { once: true });
      }),
  );
  await settledScreenshot(page, `id-scan-camera-${label}`, { fullPage: false });
  await capture.click();
  await dialog.getByRole('button', { name: photo.use }).click();
}

/** Chooses a photo file instead of the camera, and uses it. */
export async function uploadPhoto(dialog: Locator, texts: AppTexts, file: string) {
  const photo = texts.idScan.photo;
  const chooser = dialog.page().waitForEvent('filechooser');
  await dialog.getByRole('button', { name: photo.upload }).click();
  await (await chooser).setFiles(file);
  await dialog.getByRole('button', { name: photo.use }).click();
}

/** Waits for the vendor's check to pass. */
export async function waitForPassedScan(page: Page, dialog: Locator, texts: AppTexts, label: string) {
  await dialog.getByRole('heading', { name: texts.idScan.passed.heading }).waitFor({ timeout: 45_000 });
  await settledScreenshot(page, `id-scan-passed-${label}`, { fullPage: false });
}
