import { resources } from '@signlink/i18n/resources';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../apps/server/test/start-server-process.ts';
import { phoneViewport, screenshot } from './support/browser.ts';
import { useBrowserJourney } from './support/journey.ts';

type AppTexts = typeof import('../packages/i18n/locales/en-us/app.json');
type ErrorTexts = typeof import('../packages/i18n/locales/en-us/errors.json');
const en = (resources['en-us'].app as AppTexts).devMailbox;
const sv = (resources.sv.app as AppTexts).devMailbox;
const svErrors = resources.sv.errors as ErrorTexts;
const title = (resources['en-us'].app as AppTexts).routes.devMailbox;

/** The background job delivers within a second or two; the page polls every two. */
const arrivalTimeout = 20_000;

const journey = useBrowserJourney();
let page: Page;
let problems: string[];
async function openContext(options: Parameters<Browser['newContext']>[0] = {}) {
  // A console error or a CSP violation on any page fails the journey.
  ({ page, problems } = await journey.open(options));
}

const sendForm = () => page.getByRole('region', { name: en.send.heading });

async function sendTestMessage(input: { kind?: string; channel?: string; to: string }, texts = en) {
  const form = page.getByRole('region', { name: texts.send.heading });
  if (input.kind) await form.getByLabel(texts.send.kind).selectOption(input.kind);
  if (input.channel) await form.getByLabel(texts.send.channel).selectOption(input.channel);
  const isEmail = (input.channel ?? 'email') === 'email';
  await form.getByLabel(isEmail ? texts.send.toEmail : texts.send.toPhone).fill(input.to);
  await form.getByRole('button', { name: texts.send.submit }).click();
}

/** The card of the newest message to `recipient`, once it has arrived. */
async function messageTo(recipient: string): Promise<Locator> {
  const card = page.getByRole('article').filter({ hasText: recipient }).first();
  await card.waitFor({ timeout: arrivalTimeout });
  return card;
}

async function sidewaysOverflow(): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('the developer mailbox in a real browser', () => {
  it('sends a test e-mail and a text, lists them with clickable links, and shows the HTML', async () => {
    await openContext({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${journey.server.url}/dev/mailbox`);
    await page.waitForURL(/\/#\/dev\/mailbox$/);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByText(en.list.empty).waitFor();

    await sendTestMessage({ kind: 'document-invitation', to: 'someone@example.com' });
    await sendForm().getByText(en.send.sent).waitFor();
    const email = await messageTo('someone@example.com');
    expect(await email.getByText(en.channels.email).count()).toBe(1);
    // The invitation's link points at this server's recipient view, as a real new-tab link.
    const link = email.locator(`a[href^="${journey.server.url}/"]`).first();
    expect(await link.evaluate((element) => element.tagName)).toBe('A');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');

    await email.getByRole('button', { name: en.message.viewHtml }).click();
    const frame = email.locator('iframe');
    await frame.waitFor();
    expect((await frame.boundingBox())?.height).toBeGreaterThanOrEqual(400);
    expect(await frame.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    // The frame really shows the e-mail: its call to action links to the same server, and its logo loads.
    const mail = frame.contentFrame();
    await mail.locator(`a[href^="${journey.server.url}/"]`).first().waitFor();
    await expect
      .poll(() =>
        mail
          .locator('img')
          .first()
          .evaluate((image: HTMLImageElement) => image.naturalWidth),
      )
      .toBeGreaterThan(0);

    // A Swedish mobile number typed the local way is delivered to its E.164 form, with its status.
    await sendTestMessage({ kind: 'document-invitation', channel: 'sms', to: '0701234567' });
    const text = await messageTo('+46701234567');
    await text.getByText(en.channels.sms, { exact: true }).waitFor();
    const statuses = Object.values(en.statuses);
    await text
      .getByText(new RegExp(`^(${statuses.join('|')})$`))
      .first()
      .waitFor();
    expect(await text.locator(`a[href^="${journey.server.url}/"]`).count()).toBeGreaterThan(0);

    await page.mouse.move(0, 0);
    await screenshot(page, 'dev-mailbox-signlink-desktop');
    expect(await sidewaysOverflow()).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
  });

  it('shows the localised reason inline when an address is refused', async () => {
    await openContext({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${journey.server.url}/#/dev/mailbox`);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByLabel('Language', { exact: true }).first().selectOption('sv');
    await sendTestMessage({ to: 'not-an-email' }, sv);
    const alert = page.getByRole('region', { name: sv.send.heading }).getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(svErrors.invalidEmail);
    expect(await page.getByRole('dialog').count()).toBe(0);

    await sendTestMessage({ kind: 'verification-code', channel: 'sms', to: '12' }, sv);
    await expect.poll(() => alert.textContent()).toContain(svErrors.invalidPhone);
    await screenshot(page, 'dev-mailbox-error-sv-desktop');
    // Chromium logs every response that is not 2xx; the two refusals are this test's point, nothing else may fail.
    const refusal = /the server responded with a status of 400/;
    expect(problems.filter((problem) => refusal.test(problem))).toHaveLength(2);
    expect(problems.filter((problem) => !refusal.test(problem))).toEqual([]);
  });

  it('fits a phone screen under both brands', async () => {
    await openContext({ viewport: phoneViewport, isMobile: true, hasTouch: true });
    for (const [origin, brand] of [
      [journey.server.url, 'signlink'],
      [`http://pdfblankett.localhost:${journey.server.port}`, 'pdfblankett'],
    ] as const) {
      // Each brand's e-mail, seen on its own host.
      const recipient = `phone-${brand}@example.com`;
      const sent = await page.request.post(`${journey.server.url}/v2/dev/messages`, {
        data: { kind: 'document-reminder', channel: 'email', to: recipient, locale: 'sv', brand },
      });
      expect(sent.status()).toBe(202);
      await page.goto(`${origin}/dev/mailbox`);
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      const email = await messageTo(recipient);
      await email.getByRole('button', { name: en.message.viewHtml }).click();
      await email.locator('iframe').waitFor();
      expect(await sidewaysOverflow(), brand).toBeLessThanOrEqual(0);
      await screenshot(page, `dev-mailbox-${brand}-phone`);
    }
    expect(problems).toEqual([]);
  });
});

describe('the developer mailbox without simulators, as in production', () => {
  let plainServer: ServerProcess;
  beforeAll(async () => {
    plainServer = await startServerProcess({ env: { SIMULATORS: 'false' } });
  });
  afterAll(async () => {
    await plainServer?.stop();
  });

  it('says it exists only in development, without an error dialog', async () => {
    await openContext({ viewport: phoneViewport, isMobile: true, hasTouch: true });
    let listCalls = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/v2/dev/messages') listCalls++;
    });
    await page.goto(`${plainServer.url}/dev/mailbox`);
    await page.getByText(en.unavailable).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('region', { name: en.send.heading }).count()).toBe(0);
    await screenshot(page, 'dev-mailbox-unavailable-phone');
    // The one 404 that tells the page there is no mailbox; it does not ask again on the next refresh.
    await page.waitForTimeout(2_500);
    expect(listCalls).toBe(1);
    expect(problems).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
  });
});
