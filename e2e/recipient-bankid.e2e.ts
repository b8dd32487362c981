import { describe, expect, it } from 'vitest';
import { approveQrOnSimulator, en, openInLanguage, phoneContext, showBankIdQr, sv } from './support/app-steps.ts';
import { settledScreenshot } from './support/browser.ts';
import { useBrowserJourney } from './support/journey.ts';
import { seedLink } from './support/recipient-seed.ts';
import {
  downloadSealedPdf,
  fillThroughGuide,
  openDocument,
  signHereButton,
  waitForSealed,
} from './support/recipient-steps.ts';

const journey = useBrowserJourney();

describe('a BankID party in a real browser against the simulator (issue 8)', () => {
  for (const [texts, language, label] of [
    [en, 'en-us', 'phone-en'],
    [sv, 'sv', 'phone-sv'],
  ] as const) {
    it(`opens the link with BankID, fills and signs the slot with BankID, gets the sealed PDF (${language})`, async () => {
      const link = await seedLink(journey.server.url, { name: `BankID ${language}`, signatureType: 'bankid' });
      const { page, problems } = await openInLanguage(journey, phoneContext, language);
      await page.goto(`${journey.server.url}/${link.code}`);

      // SPEC section 4: BankID is the gate. The app on /sim/bankid scans the QR code and approves.
      const gate = page.getByRole('dialog');
      const gateQr = await showBankIdQr(gate, texts);
      await settledScreenshot(page, `recipient-bankid-gate-${label}`, { fullPage: false });
      await approveQrOnSimulator(journey, gateQr);
      await openDocument(page, `bankid-${label}`);

      // The slot's required name travels with the BankID signature: without it the server refuses the signature.
      await fillThroughGuide(page, texts);
      await signHereButton(page, texts).click();
      const title = texts.recipientDocument.bankId.title.split('{{')[0] ?? '';
      const signing = page.getByRole('dialog', { name: new RegExp(`^${title}`) });
      const signingQr = await showBankIdQr(signing, texts);
      await settledScreenshot(page, `recipient-bankid-sign-${label}`, { fullPage: false });
      await approveQrOnSimulator(journey, signingQr);

      await waitForSealed(page, texts, `bankid-${label}`);
      const pdf = await downloadSealedPdf(page, texts);
      expect(pdf.isPdf).toBe(true);
      expect(pdf.hasSignature).toBe(true);
      expect(pdf.text).toContain('Anna Andersson');
      expect(problems).toEqual([]);
    });
  }
});
