import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { desktop, es, logInAsDemo, openInLanguage, phoneContext, sv } from './support/app-steps.ts';
import { screenshot } from './support/browser.ts';
import { useBrowserJourney } from './support/journey.ts';
import { seedLink } from './support/recipient-seed.ts';

const knowledgePdf = path.resolve(import.meta.dirname, '../../shared/fixtures/pdfs/crazyones-pdfa.pdf');
const journey = useBrowserJourney();
const brandOrigin = () => `http://pdfblankett.localhost:${journey.server.port}`;

describe('the owner sets up the AI assistant Phil on a document (issue 28, part 2)', () => {
  it('on a desktop in Swedish: enables Phil, adds a knowledge PDF, saves, and tests it', async () => {
    const texts = sv.assistantSettings;
    const seeded = await seedLink(journey.server.url, { name: 'Hyresavtal' });
    const { page, problems } = await openInLanguage(journey, desktop, 'sv');
    page.setDefaultTimeout(15_000);
    await logInAsDemo(page, sv, journey.server.url);
    await page.goto(`${journey.server.url}/#/document/${seeded.documentId}`);
    await page.getByRole('link', { name: texts.openAction }).click();
    await page.waitForURL(new RegExp(`#/document/${seeded.documentId}/assistant$`));
    await page.getByRole('heading', { name: texts.title }).waitFor();

    await page.getByRole('switch', { name: texts.general.enabled }).check();
    expect(await page.getByRole('switch', { name: texts.general.formFilling }).isDisabled()).toBe(true);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: texts.files.add }).click();
    await (await chooser).setFiles(knowledgePdf);
    await page.getByText('crazyones-pdfa.pdf').waitFor();
    await page.getByRole('textbox', { name: texts.advanced.instructions }).fill('Svara kort och vänligt.');
    await page.getByRole('button', { name: texts.save, exact: true }).click();
    await page.getByText(texts.saved).waitFor();
    await screenshot(page, 'assistant-settings-desktop-sv', { fullPage: true });

    await page.getByRole('button', { name: texts.test.open }).click();
    const dialog = page.getByRole('dialog', { name: texts.test.title });
    await dialog.getByRole('textbox', { name: texts.test.question }).fill('Who are the misfits and the rebels?');
    await dialog.getByRole('button', { name: texts.test.ask }).click();
    // The offline assistant quotes the knowledge PDF, framed in Swedish: "På sidan 1 i crazyones-pdfa.pdf: …".
    await dialog
      .getByText(/På sidan 1 i crazyones-pdfa\.pdf/)
      .first()
      .waitFor({ timeout: 20_000 });
    expect(await dialog.getByText(/misfits/i).count()).toBeGreaterThan(0);
    await screenshot(page, 'assistant-test-chat-desktop-sv', { fullPage: false });
    await dialog.getByRole('button', { name: sv.common.close }).first().click();
    await dialog.waitFor({ state: 'detached' });

    // The test chat is listed among the document's conversations, its messages not kept.
    const conversations = page.getByRole('list', { name: texts.conversations.listLabel });
    await conversations.getByText(texts.conversations.testChat).waitFor();
    await conversations.getByText('1 meddelande').waitFor();
    await page.getByText(texts.conversations.testNotKept).waitFor();
    await screenshot(page, 'assistant-conversations-desktop-sv', { fullPage: true });
    expect(problems).toEqual([]);
  });

  it('on a phone in Spanish under PDF-blankett: the settings screen fits', async () => {
    const seeded = await seedLink(journey.server.url, { name: 'Contrato' });
    const { page, problems } = await openInLanguage(journey, phoneContext, 'es');
    await logInAsDemo(page, es, brandOrigin());
    await page.goto(`${brandOrigin()}/#/document/${seeded.documentId}/assistant`);
    await page.getByRole('heading', { name: es.assistantSettings.title }).waitFor();
    await page.getByRole('switch', { name: es.assistantSettings.general.enabled }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'assistant-settings-phone-es-pdfblankett', { fullPage: true });
    expect(problems).toEqual([]);
  });
});
