import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type AppTexts, desktop, es, openInLanguage, phoneContext, sv } from './support/app-steps.ts';
import { enablePhil } from './support/assistant-seed.ts';
import { screenshot, settledScreenshot } from './support/browser.ts';
import { useBrowserJourney } from './support/journey.ts';
import { seedLink } from './support/recipient-seed.ts';
import { fillThroughGuide, openDocument, signWithInk, waitForSealed } from './support/recipient-steps.ts';

const journey = useBrowserJourney();
const brandOrigin = () => `http://pdfblankett.localhost:${journey.server.port}`;

/** What the page said aloud: the real speechSynthesis still speaks; the journey only notes each utterance. */
async function noteSpokenAnswers(page: Page) {
  await page.addInitScript(() => {
    const spoken: { text: string; lang: string }[] = [];
    (window as unknown as { spoken: typeof spoken }).spoken = spoken;
    const speak = window.speechSynthesis.speak.bind(window.speechSynthesis);
    window.speechSynthesis.speak = (utterance: SpeechSynthesisUtterance) => {
      spoken.push({ text: utterance.text, lang: utterance.lang });
      speak(utterance);
    };
  });
}
const spokenOn = (page: Page) =>
  page.evaluate(() => (window as unknown as { spoken: { text: string; lang: string }[] }).spoken);

async function askPhil(page: Page, texts: AppTexts, question: string) {
  const chat = texts.recipientAssistant;
  const dialog = page.getByRole('dialog', { name: chat.title });
  await dialog.getByRole('textbox', { name: chat.question }).fill(question);
  await dialog.getByRole('button', { name: chat.send, exact: true }).click();
  return dialog;
}

describe('a recipient asks Phil about the document (issue 28, parts 3 and 5)', () => {
  it('on a phone in Swedish under PDF-blankett: what a field means, quoted, read aloud, and its page in the viewer', async () => {
    const chat = sv.recipientAssistant;
    const link = await seedLink(journey.server.url, { name: 'Hyresavtal' });
    await enablePhil(journey.server.url, link.documentId, {
      knowledge: {
        name: 'Hyresguide.pdf',
        pages: [
          {
            lines: [
              'Guide till hyresavtalet.',
              'Fältet Full name ska innehålla ditt fullständiga namn, så som det står i ditt pass.',
              'Kryssrutan om villkoren betyder att du har läst hela avtalet.',
            ],
          },
        ],
      },
    });
    const { page, problems } = await openInLanguage(journey, phoneContext, 'sv');
    await noteSpokenAnswers(page);
    await page.goto(`${brandOrigin()}/${link.code}`);
    await openDocument(page, 'phil-phone-sv');

    // The button is clear of the guide's button, which signing needs.
    const open = page.getByRole('button', { name: chat.open });
    const next = page.getByRole('button', { name: sv.recipientDocument.guide.nextField });
    const [openBox, nextBox] = [await open.boundingBox(), await next.boundingBox()];
    if (!openBox || !nextBox) throw new Error('no boxes');
    expect(openBox.y + openBox.height).toBeLessThanOrEqual(nextBox.y);

    await open.click();
    const dialog = page.getByRole('dialog', { name: chat.title });
    await dialog.getByText(/^Hej! Jag är Phil/).waitFor();
    await dialog.getByRole('switch', { name: chat.readAloud }).check();
    await askPhil(page, sv, 'Vad betyder fältet Full name?');
    const conversation = dialog.getByRole('list', { name: chat.conversation });
    await conversation.getByText(/På sidan 1 i Hyresguide\.pdf/).waitFor({ timeout: 20_000 });
    await conversation
      .getByText(/fullständiga namn, så som det står i ditt pass/)
      .first()
      .waitFor();
    await settledScreenshot(page, 'phil-chat-phone-sv-pdfblankett', { fullPage: false });
    await expect
      .poll(() => spokenOn(page), { timeout: 10_000 })
      .toContainEqual(expect.objectContaining({ lang: 'sv-SE', text: expect.stringContaining('fullständiga namn') }));

    // The field's own label is on page 1 of the document: its source opens that page in the viewer.
    await dialog.getByRole('button', { name: 'Sida 1 i Hyresavtal.pdf' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id), { timeout: 5_000 })
      .toBe('recipient-page-0-1');
    expect(problems).toEqual([]);
  });

  it('on a desktop in Spanish: answered in Spanish, the microphone offered, and Phil’s thanks after signing', async () => {
    const chat = es.recipientAssistant;
    const link = await seedLink(journey.server.url, { name: 'Contrato' });
    await enablePhil(journey.server.url, link.documentId, {
      knowledge: {
        name: 'Guia.pdf',
        pages: [
          {
            lines: [
              'Guía del contrato.',
              'El campo Full name significa su nombre completo, tal como figura en su pasaporte.',
            ],
          },
        ],
      },
    });
    const { page, problems } = await openInLanguage(journey, desktop, 'es');
    await page.goto(`${journey.server.url}/${link.code}`);
    await openDocument(page, 'phil-desktop-es');
    await page.getByRole('button', { name: chat.open }).click();
    const dialog = page.getByRole('dialog', { name: chat.title });
    await dialog.getByText(/^¡Hola! Soy Phil/).waitFor();
    // Chromium has speech recognition; whether it can reach its service here is the browser's affair.
    expect(await dialog.getByRole('button', { name: chat.speak }).count()).toBe(1);
    await askPhil(page, es, '¿Qué significa el campo Full name?');
    const conversation = dialog.getByRole('list', { name: chat.conversation });
    await conversation.getByText(/En la página 1 de Guia\.pdf/).waitFor({ timeout: 20_000 });
    await conversation
      .getByText(/su nombre completo, tal como figura en su pasaporte/)
      .first()
      .waitFor();
    await screenshot(page, 'phil-chat-desktop-es', { fullPage: false });
    await dialog.getByRole('button', { name: es.common.close }).click();
    await dialog.waitFor({ state: 'detached' });

    await fillThroughGuide(page, es);
    await signWithInk(page, es, 'phil-desktop-es');
    await waitForSealed(page, es, 'phil-desktop-es');
    await page.getByRole('button', { name: chat.open }).click();
    await page
      .getByRole('dialog', { name: chat.title })
      .getByText(/^¡Gracias!/)
      .waitFor();
    expect(problems).toEqual([]);
  });
});
