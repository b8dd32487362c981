import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { desktop, en, es, fill, openInLanguage, phoneContext, signUpByPhone, sv } from './support/app-steps.ts';
import { phoneViewport, screenshot, settledScreenshot } from './support/browser.ts';
import { newMobileNumber } from './support/dev-messages.ts';
import { useBrowserJourney } from './support/journey.ts';
import { seedLink } from './support/recipient-seed.ts';
import { openDocument } from './support/recipient-steps.ts';

/**
 * The app-wide pages and warnings of SPEC sections 2, 4 and 8 in a real browser: BankID's close page, the in-app
 * and old-browser warnings by user agent, and a new user's welcome, shown once.
 */

const journey = useBrowserJourney();

const instagramAndroid =
  'Mozilla/5.0 (Linux; Android 12; Pixel 6 Build/SD1A.210817.036; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/94.0.4606.71 Mobile Safari/537.36 Instagram 206.1.0.34.121 Android (31/12; 420dpi; 1080x2209; Google/google; Pixel 6; oriole; oriole; es_ES; 320922800)';
const internetExplorer = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';

describe('app-wide pages and browser warnings', () => {
  it('tells BankID’s returning browser on a phone, in Swedish, that the window can be closed', async () => {
    const { page, problems } = await openInLanguage(journey, phoneContext, 'sv');
    await page.goto(`${journey.server.url}/#/bankidclose`);
    await page.getByRole('heading', { level: 1, name: sv.bankIdClose.title }).waitFor();
    await page.getByText(sv.bankIdClose.message).waitFor();
    await screenshot(page, 'bankidclose-phone-sv');
    expect(problems).toEqual([]);
  });

  it('warns a document link opened inside Instagram on Android, in Spanish, and lets the person stay', async () => {
    const link = await seedLink(journey.server.url, { name: 'Contrato' });
    const { page, problems } = await openInLanguage(journey, { ...phoneContext, userAgent: instagramAndroid }, 'es');
    await page.goto(`${journey.server.url}/${link.code}`);
    const dialog = page.getByRole('dialog', { name: es.browsers.inApp.title });
    await dialog.getByText(fill(es.browsers.inApp.message, { app: 'Instagram' })).waitFor();
    const open = dialog.getByRole('link', { name: es.browsers.inApp.openInBrowser });
    expect(await open.getAttribute('href')).toMatch(
      new RegExp(
        `^intent://localhost:${journey.server.port}/${link.code}#Intent;scheme=http;package=com\\.android\\.chrome;`,
      ),
    );
    await settledScreenshot(page, 'in-app-browser-phone-es', { fullPage: false });
    await dialog.getByRole('button', { name: es.browsers.inApp.stay }).click();
    await dialog.waitFor({ state: 'detached' });
    await openDocument(page, 'in-app-browser-stayed-phone-es');
    expect(problems).toEqual([]);
  });

  it('offers Internet Explorer only the plain PDF, and downloads it', async () => {
    const link = await seedLink(journey.server.url, { name: 'Lease', settings: { allowDownloading: true } });
    const { page, problems } = await openInLanguage(journey, { ...desktop, userAgent: internetExplorer }, 'en-us');
    await page.goto(`${journey.server.url}/${link.code}`);
    const dialog = page.getByRole('dialog', { name: en.recipient.oldBrowser.title });
    const download = dialog.getByRole('link', { name: en.recipient.oldBrowser.download });
    await download.waitFor();
    await settledScreenshot(page, 'old-browser-desktop-en');
    const downloading = page.waitForEvent('download');
    await download.click();
    const file = await downloading;
    expect(
      fs
        .readFileSync(await file.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await dialog.getByText(en.recipient.oldBrowser.downloaded).waitFor();
    expect(problems).toEqual([]);
  });

  it('welcomes a new user once, then the dashboard', async () => {
    const { page, problems } = await openInLanguage(journey, desktop, 'en-us');
    const phone = newMobileNumber();
    await page.goto(`${journey.server.url}/sign-up`);
    await signUpByPhone(page, journey.server.url, en, {
      phone,
      name: 'Wilma Welcome',
      email: `wilma.${phone.national}@example.com`,
    });
    await page.waitForURL(/#\/welcome$/);
    await page
      .getByRole('heading', { level: 1, name: fill(en.welcome.heading, { brandName: 'Signlink', name: 'Wilma' }) })
      .waitFor();
    await screenshot(page, 'welcome-desktop-en');
    await page.setViewportSize(phoneViewport);
    await screenshot(page, 'welcome-phone-en');
    await page.getByRole('link', { name: en.welcome.continue }).click();
    await page.waitForURL(/#\/dashboard$/);
    // Once: the login screen, opened again while signed in, goes on to the dashboard, not back to the welcome.
    await page.goto(`${journey.server.url}/#/login`);
    await page.waitForURL(/#\/dashboard$/);
    await page.reload();
    await page.waitForURL(/#\/dashboard$/);
    expect(problems).toEqual([]);
  });
});
