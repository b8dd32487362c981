import { resources } from '@signlink/i18n/resources';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phoneViewport, screenshot } from './support/browser.ts';
import { useBrowserJourney } from './support/journey.ts';

type AppTexts = typeof import('../packages/i18n/locales/en-us/app.json');
const en = (resources['en-us'].app as AppTexts).bankId;
const sv = (resources.sv.app as AppTexts).bankId;

const journey = useBrowserJourney();
let page: Page;
let problems: string[];

async function openContext(options: Parameters<Browser['newContext']>[0] = {}) {
  // A console error or a CSP violation on any page fails the journey.
  ({ page, problems } = await journey.open(options));
}

/** The QR code the dialog shows now, as the BankID app would read it off the screen. */
async function currentQrPayload(app: Page, texts = en) {
  const image = app.getByRole('img', { name: texts.qr.alt });
  await image.waitFor();
  return (await image.getAttribute('data-qr-payload')) ?? '';
}

/** The tester page, in a second tab: plays the user's BankID app. */
async function openBankIdApp() {
  const app = await journey.context.newPage();
  await app.goto(`${journey.server.url}/sim/bankid`);
  return app;
}

describe('BankID in a real browser against the simulator', () => {
  it('identifies a person: QR code scanned and approved in the BankID app, identity shown', async () => {
    await openContext();
    await page.goto(`${journey.server.url}/bankid`);
    await page.waitForURL(/#\/bankid$/);
    await page.getByRole('button', { name: en.testPage.logIn }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: new RegExp(en.options.mobileBankId) }).click();
    const firstQr = await currentQrPayload(page);
    expect(firstQr).toMatch(/^bankid\.[0-9a-f-]{36}\.\d+\.[0-9a-f]{64}$/);
    await screenshot(page, 'bankid-qr-desktop');

    // The QR code animates: a new one each second.
    await expect.poll(() => currentQrPayload(page), { timeout: 5000 }).not.toBe(firstQr);

    const app = await openBankIdApp();
    await app.getByLabel("The QR code's content (bankid.…)").fill(await currentQrPayload(page));
    await app.getByRole('button', { name: 'Scan' }).click();
    await app.getByText('Accepted: the order is open in the app.').waitFor();
    await app.getByRole('button', { name: 'Approve' }).first().click();

    await page.getByText('19900101-1239').waitFor({ timeout: 15_000 });
    await page.getByText('Anna Andersson').waitFor();
    await screenshot(page, 'bankid-identified-desktop');
    expect(problems).toEqual([]);
  });

  it('on a phone offers this device or another, and says so when the user cancels in the app (Swedish)', async () => {
    await openContext({
      viewport: phoneViewport,
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    });
    await page.goto(`${journey.server.url}/#/bankid`);
    await page.getByLabel((resources['en-us'].app as AppTexts).language.label).selectOption('sv');
    await page.getByRole('button', { name: sv.testPage.logIn }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: new RegExp(sv.options.thisDevice) }).waitFor();
    await dialog.getByRole('button', { name: new RegExp(sv.options.otherDevice) }).click();
    await currentQrPayload(page, sv);
    await screenshot(page, 'bankid-qr-phone-sv');

    const app = await openBankIdApp();
    await app.getByRole('button', { name: 'Cancel' }).first().click();
    await page.getByText(sv.errors.userCancel).waitFor({ timeout: 15_000 });
    await screenshot(page, 'bankid-cancelled-phone-sv');
    expect(problems).toEqual([]);
  });
});
