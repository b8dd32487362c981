import { describe, expect, it } from 'vitest';
import { desktop, en, es, fill, openInLanguage, phoneContext, sv } from './support/app-steps.ts';
import { screenshot } from './support/browser.ts';
import {
  completionLinkIn,
  downloadFromCompletion,
  readSenderMessages,
  seeCompletedLink,
} from './support/completion-steps.ts';
import { useBrowserJourney } from './support/journey.ts';
import { seedLink } from './support/recipient-seed.ts';
import {
  downloadSealedPdf,
  fillThroughGuide,
  openDocument,
  passCodeGate,
  signWithInk,
  waitForSealed,
} from './support/recipient-steps.ts';

const journey = useBrowserJourney();
const brandOrigin = () => `http://pdfblankett.localhost:${journey.server.port}`;

describe('a recipient signs in a real browser (issue 8)', () => {
  it('on a phone: e-mail gate, fills through Next field, signs with ink, downloads the sealed PDF', async () => {
    const link = await seedLink(journey.server.url, { name: 'Phone lease', gate: 'email' });
    const { page, problems } = await openInLanguage(journey, phoneContext, 'en-us');
    await page.goto(`${journey.server.url}/${link.code}`);
    await passCodeGate(page, journey.server.url, en, link, 'email', 'phone-en');
    await openDocument(page, 'phone-en');
    await fillThroughGuide(page, en);
    await signWithInk(page, en, 'phone-en');
    await waitForSealed(page, en, 'phone-en');
    const pdf = await downloadSealedPdf(page, en);
    expect(pdf.fileName).toMatch(/\.pdf$/);
    expect(pdf.isPdf).toBe(true);
    expect(pdf.hasSignature).toBe(true);
    expect(pdf.text).toContain('Anna Andersson');
    expect(problems).toEqual([]);
  });

  it('on a desktop in Swedish, a link without a gate: messages first, then the same to the sealed document', async () => {
    const messages = { document: 'Läs villkoren på sidan 2.', personal: 'Hej Anna, du signerar först.' };
    const link = await seedLink(journey.server.url, { name: 'Hyresavtal', messages });
    const { page, problems } = await openInLanguage(journey, desktop, 'sv');
    await page.goto(`${journey.server.url}/${link.code}`);
    await readSenderMessages(page, sv, messages, 'desktop-sv');
    await openDocument(page, 'desktop-sv');
    // Once per link: a reload goes straight to the document.
    await page.reload();
    await openDocument(page, 'desktop-sv-reloaded');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await fillThroughGuide(page, sv);
    await signWithInk(page, sv, 'desktop-sv');
    await waitForSealed(page, sv, 'desktop-sv');
    expect(problems).toEqual([]);

    // Later, in a browser that never saw the link: the completion e-mail's link offers the signed PDF.
    const completion = await completionLinkIn(journey.server.url, link.email, link.code);
    expect(completion.attachments.map((file) => file.filename)).toEqual(['Hyresavtal.pdf']);
    const fresh = await openInLanguage(journey, desktop, 'sv');
    await fresh.page.goto(completion.link);
    await readSenderMessages(fresh.page, sv, messages, 'desktop-sv-fresh');
    await seeCompletedLink(fresh.page, sv, 'desktop-sv');
    const pdf = await downloadFromCompletion(fresh.page, sv.recipientDocument.completion.download);
    expect(pdf.fileName).toBe('Hyresavtal.pdf');
    expect(pdf.signature.signatureValid, pdf.signature.output).toBe(true);
    expect(pdf.signature.wholeDocument, pdf.signature.output).toBe(true);
    const trail = await downloadFromCompletion(fresh.page, sv.recipientDocument.completionDownloads.auditTrail);
    expect(trail.isPdf).toBe(true);
    expect(fresh.problems).toEqual([]);
  });

  it('on a phone in Spanish under the PDF-blankett brand: the SMS gate opens the document', async () => {
    const link = await seedLink(journey.server.url, { name: 'Contrato', gate: 'sms' });
    const { page, problems } = await openInLanguage(journey, phoneContext, 'es');
    await page.goto(`${brandOrigin()}/${link.code}`);
    await passCodeGate(page, journey.server.url, es, link, 'sms', 'phone-es-pdfblankett');
    await openDocument(page, 'phone-es-pdfblankett');
    expect(problems).toEqual([]);
  });

  it('a recalled link (the document withdrawn) says so, in English and in Spanish under the brand', async () => {
    const link = await seedLink(journey.server.url, { name: 'Withdrawn lease' });
    await link.withdraw();
    for (const [texts, language, origin, label] of [
      [en, 'en-us', journey.server.url, 'phone-en'],
      [es, 'es', brandOrigin(), 'phone-es-pdfblankett'],
    ] as const) {
      const { page, problems } = await openInLanguage(journey, phoneContext, language);
      const details = page.waitForResponse(
        (response) => new URL(response.url()).pathname === `/v2/linktinker/links/${link.code}`,
      );
      await page.goto(`${origin}/${link.code}`);
      expect((await details).status()).toBe(410);
      await page.getByRole('heading', { name: texts.recipient.recalledTitle }).waitFor();
      await screenshot(page, `recipient-recalled-${label}`);
      // The browser logs the 410 itself; nothing else may go wrong.
      expect(problems.filter((problem) => !problem.includes('410'))).toEqual([]);
    }
  });
});

describe('a second signer sees the first one’s values (issue 22)', () => {
  it('on a phone: Bo sees Anna’s name, date and tick read-only where they go, in Swedish and Spanish too', async () => {
    const link = await seedLink(journey.server.url, { name: 'Two-party lease', hasSecondParty: true });
    const anna = await openInLanguage(journey, phoneContext, 'en-us');
    await anna.page.goto(`${journey.server.url}/${link.code}`);
    await openDocument(anna.page, 'first-signer-phone-en');
    // Signing comes first: no Submit before it.
    expect(await anna.page.getByRole('button', { name: en.recipientDocument.form.submit, exact: true }).count()).toBe(
      0,
    );
    await anna.page.getByRole('textbox', { name: 'Full name' }).fill('Anna Andersson');
    await anna.page.getByLabel('Start date').fill('2026-12-01');
    await anna.page.getByRole('checkbox', { name: 'I have read the terms' }).check();
    await signWithInk(anna.page, en, 'first-signer-phone-en');
    // After signing, Submit sends a copy.
    await anna.page.getByRole('button', { name: en.recipientDocument.form.afterSigning.submit }).waitFor();
    await screenshot(anna.page, 'recipient-first-signer-signed-phone-en', { fullPage: false });
    expect(anna.problems).toEqual([]);
    await journey.context.close();

    for (const [texts, language] of [
      [es, 'es'],
      [sv, 'sv'],
    ] as const) {
      const { page, problems } = await openInLanguage(journey, phoneContext, language);
      await page.goto(`${journey.server.url}/${link.secondCode}`);
      await openDocument(page, `second-signer-phone-${language}`);
      const name = page.getByRole('textbox', { name: 'Full name' });
      expect(await name.inputValue()).toBe('Anna Andersson');
      expect(await name.isEditable()).toBe(false);
      expect(await page.getByLabel('Start date').inputValue()).toBe('2026-12-01');
      const tick = page.getByRole('checkbox', { name: 'I have read the terms' });
      expect(await tick.isChecked()).toBe(true);
      expect(await tick.isDisabled()).toBe(true);
      // The default slot label in the reader's language, not the document's English.
      const signHere = fill(texts.recipientDocument.field.signHereFor, {
        label: fill(texts.recipientDocument.slot.defaultLabel, { number: '2' }),
      });
      await page.getByRole('button', { name: signHere }).waitFor();
      // A field a finger can hit, edited at 16 px so the phone does not zoom.
      const company = page.getByRole('textbox', { name: 'Your company name' });
      const size = await company.evaluate((element) => ({
        height: element.getBoundingClientRect().height,
        fontSize: getComputedStyle(element).fontSize,
      }));
      expect(size.height).toBeGreaterThanOrEqual(24);
      expect(size.fontSize).toBe('16px');
      await company.scrollIntoViewIfNeeded();
      await screenshot(page, `recipient-second-signer-phone-${language}`, { fullPage: false });
      if (language === 'sv') {
        await company.fill('Berg Bygg AB');
        await signWithInk(page, texts, 'second-signer-phone-sv');
        await waitForSealed(page, texts, 'second-signer-phone-sv');
        // pdftotext breaks a stamped value where the page's own lines run through it.
        const text = (await downloadSealedPdf(page, texts)).text.replace(/\s+/g, ' ');
        for (const value of ['Anna Andersson', '2026-12-01', 'Berg Bygg AB']) expect(text).toContain(value);
      }
      expect(problems).toEqual([]);
      await journey.context.close();
    }
  });
});
