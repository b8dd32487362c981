import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pdfsig } from '@signlink/pdf/sealing/pdf-tools.test-helpers';
import { idSpecimens } from '@signlink/simulators/onfido/id-specimens';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { desktop, en, es, esErrors, openInLanguage, phoneContext, sv } from './support/app-steps.ts';
import { settledScreenshot } from './support/browser.ts';
import {
  captureWithCamera,
  chooseDocumentType,
  startIdScan,
  uploadPhoto,
  waitForPassedScan,
} from './support/id-scan-steps.ts';
import { useBrowserJourney } from './support/journey.ts';
import { seedLink } from './support/recipient-seed.ts';
import { fillThroughGuide, openDocument, signWithInk, waitForSealed } from './support/recipient-steps.ts';

/** The valid passport's page, as Chromium's fake camera films it (made by make-id-specimens.ts). */
const camera = path.resolve(import.meta.dirname, 'fixtures/id-camera.y4m');
const artifacts = path.resolve(import.meta.dirname, 'artifacts');

const journey = useBrowserJourney({
  browserArgs: [
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${camera}`,
    // Answers the camera permission prompt with "allow", as a person would.
    '--use-fake-ui-for-media-stream',
  ],
});
const brandOrigin = () => `http://pdfblankett.localhost:${journey.server.port}`;

/**
 * A completion download saved as the person would: its bytes' text (pdftotext) and seal (pdfsig). A copy is kept
 * among the artifacts, `keepAs`, to look at.
 */
async function download(page: Page, name: string, keepAs: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
  const filePath = await file.path();
  fs.mkdirSync(artifacts, { recursive: true });
  fs.copyFileSync(filePath, path.join(artifacts, keepAs));
  return {
    text: execFileSync('pdftotext', ['-layout', filePath, '-'], { encoding: 'utf8' }),
    signature: pdfsig(new Uint8Array(fs.readFileSync(filePath))),
  };
}

describe('a recipient signs with an ID scan on a phone (issue 27)', () => {
  it('type 6: the passport and the face through the camera, the live check signs, the audit trail shows it', async () => {
    const link = await seedLink(journey.server.url, {
      name: 'Loan agreement',
      signatureType: 'live-id',
      partyName: 'Anna Maria Eriksson',
    });
    const { page, problems } = await openInLanguage(journey, phoneContext, 'en-us');
    await page.goto(`${journey.server.url}/${link.code}`);
    await openDocument(page, 'id-live-phone-en');
    await fillThroughGuide(page, en);
    const dialog = await startIdScan(page, en, 'phone-en');
    await chooseDocumentType(dialog, en, 'passport');
    await captureWithCamera(page, dialog, en, 'document-phone-en');
    await dialog.getByText(en.idScan.face.instructions).waitFor();
    await captureWithCamera(page, dialog, en, 'face-phone-en');
    await waitForPassedScan(page, dialog, en, 'phone-en');
    await dialog.getByText('ANNA MARIA ERIKSSON').waitFor();
    expect(await dialog.getByText(en.idScan.passed.nameMismatch).count()).toBe(0);
    await dialog.getByRole('button', { name: en.idScan.passed.sign, exact: true }).click();
    await waitForSealed(page, en, 'id-live-phone-en');

    const sealed = await download(page, en.recipientDocument.completion.download, 'id-live-sealed.pdf');
    expect(sealed.signature.signatureValid, sealed.signature.output).toBe(true);
    expect(sealed.signature.wholeDocument, sealed.signature.output).toBe(true);
    const trail = await download(page, en.recipientDocument.completionDownloads.auditTrail, 'id-live-audit-trail.pdf');
    expect(trail.text).toContain('Passport, SWE');
    expect(trail.text).toContain(idSpecimens.passportValid.number.slice(-4));
    expect(trail.text).toContain('2034-08-11');
    expect(trail.text).toMatch(/Live check/);
    expect(problems).toEqual([]);
  });

  it('type 5 in Swedish under PDF-blankett: both sides of an ID card uploaded, then a drawn signature', async () => {
    const link = await seedLink(journey.server.url, {
      name: 'Hyresavtal',
      signatureType: 'id-e-signature',
      partyName: 'Anna Eriksson',
    });
    const { page, problems } = await openInLanguage(journey, phoneContext, 'sv');
    await page.goto(`${brandOrigin()}/${link.code}`);
    await openDocument(page, 'id-ink-phone-sv');
    await fillThroughGuide(page, sv);
    const dialog = await startIdScan(page, sv, 'phone-sv-pdfblankett');
    await chooseDocumentType(dialog, sv, 'national-id');
    await uploadPhoto(dialog, sv, idSpecimens.nationalIdFront.file);
    await dialog.getByText(sv.idScan.document['national-id'].back).waitFor();
    await uploadPhoto(dialog, sv, idSpecimens.nationalIdBack.file);
    await waitForPassedScan(page, dialog, sv, 'phone-sv-pdfblankett');
    await dialog.getByRole('button', { name: sv.idScan.passed.continue }).click();
    await signWithInk(page, sv, 'id-ink-phone-sv', { alreadyOpen: true });
    await waitForSealed(page, sv, 'id-ink-phone-sv');
    const trail = await download(
      page,
      sv.recipientDocument.completionDownloads.auditTrail,
      'id-ink-audit-trail-sv.pdf',
    );
    expect(trail.text).toContain('ANNA MARIA ERIKSSON');
    expect(problems).toEqual([]);
  });

  it('on a desktop in Spanish: the tester sets a face mismatch, the check fails, a retry after it passes', async () => {
    const link = await seedLink(journey.server.url, {
      name: 'Contrato',
      signatureType: 'live-id',
      partyName: 'Anna María Eriksson',
    });
    const { page, problems } = await openInLanguage(journey, desktop, 'es');
    // The simulator's tester page, in another tab: the next checks find a different face.
    const tester = await journey.context.newPage();
    await tester.goto(`${journey.server.url}/sim/onfido`);
    await tester.getByRole('radio', { name: /^Consider \(a different face\)/ }).check();
    await tester.getByRole('button', { name: 'Save' }).click();
    await tester.getByRole('status').filter({ hasText: /saved/i }).waitFor();

    await page.goto(`${journey.server.url}/${link.code}`);
    await openDocument(page, 'id-live-desktop-es');
    await fillThroughGuide(page, es);
    const dialog = await startIdScan(page, es, 'desktop-es');
    await chooseDocumentType(dialog, es, 'passport');
    await captureWithCamera(page, dialog, es, 'document-desktop-es');
    await captureWithCamera(page, dialog, es, 'face-desktop-es');
    await dialog.getByText(esErrors.scanMatchFailed).waitFor({ timeout: 45_000 });
    await settledScreenshot(page, 'id-scan-failed-desktop-es', { fullPage: false });

    await tester
      .getByRole('radio', { name: /^Clear/ })
      .first()
      .check();
    await tester.getByRole('button', { name: 'Save' }).click();
    await tester.getByRole('status').filter({ hasText: /saved/i }).waitFor();
    await tester.close();
    await dialog.getByRole('button', { name: es.idScan.tryAgain }).click();
    await chooseDocumentType(dialog, es, 'passport');
    await captureWithCamera(page, dialog, es, 'document-retry-desktop-es');
    await captureWithCamera(page, dialog, es, 'face-retry-desktop-es');
    await waitForPassedScan(page, dialog, es, 'desktop-es');
    await dialog.getByRole('button', { name: es.idScan.passed.sign, exact: true }).click();
    await waitForSealed(page, es, 'id-live-desktop-es');
    expect(problems).toEqual([]);
  });
});
