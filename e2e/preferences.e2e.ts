import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  type AppTexts,
  demo,
  desktop,
  en,
  es,
  openInLanguage,
  phoneContext,
  submitDemoLogin,
  sv,
} from './support/app-steps.ts';
import { screenshot } from './support/browser.ts';
import { useBrowserJourney } from './support/journey.ts';

const journey = useBrowserJourney();
let page: Page;
let problems: string[];

async function openContext(options: Parameters<Browser['newContext']>[0], language: string) {
  ({ page, problems } = await openInLanguage(journey, options, language));
}

const logIn = (texts: AppTexts) => submitDemoLogin(page, texts);

const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('personal preferences and the way back after login (issue 5)', () => {
  it('brings a signed-out visitor of /sent back there after login; Settings saves the name and language, which login applies', async () => {
    await openContext(desktop, 'en-us');
    await page.goto(`${journey.server.url}/#/sent`);
    await page.waitForURL(/#\/login$/);
    await logIn(en);
    await page.waitForURL(/#\/sent$/);
    await page.getByRole('heading', { name: en.routes.sent }).waitFor();

    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: en.userMenu.settings }).click();
    await page.waitForURL(/#\/settings\/preferences$/);
    const details = page.getByRole('form', { name: en.settings.preferences.details });
    await page.getByText(demo.email, { exact: true }).waitFor();
    await screenshot(page, 'settings-preferences-desktop-en');

    await details.getByRole('textbox', { name: en.settings.preferences.name }).fill('Demo Renamed');
    await details.getByRole('button', { name: en.settings.preferences.saveName }).click();
    await details.getByRole('status').filter({ hasText: en.settings.preferences.nameSaved }).waitFor();
    await page.getByRole('button', { name: en.userMenu.open.replace('{{name}}', 'Demo Renamed') }).waitFor();

    await page.getByRole('radio', { name: 'Svenska' }).check();
    await page.getByRole('heading', { name: sv.settings.title }).waitFor();
    await page.getByText(sv.settings.preferences.language.saved).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('sv');
    expect(await page.getByRole('button', { name: sv.settings.preferences.saveName }).isEnabled()).toBe(true);
    await screenshot(page, 'settings-preferences-desktop-sv');
    // Saved on the server: a new browser, in Spanish before login, logs in and speaks Swedish from then on.
    await openContext(desktop, 'es');
    await page.goto(`${journey.server.url}/#/settings`);
    await page.waitForURL(/#\/login$/);
    await logIn(es);
    await page.waitForURL(/#\/settings\/preferences$/);
    await page.getByRole('heading', { name: sv.settings.title }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('sv');
    await expect.poll(() => page.getByRole('radio', { name: 'Svenska' }).isChecked()).toBe(true);
    expect(await page.getByRole('textbox', { name: sv.settings.preferences.name }).inputValue()).toBe('Demo Renamed');
    await screenshot(page, 'settings-preferences-after-login-desktop-sv');

    // The header's switch saves it too: Español here, and the next login anywhere is in Spanish.
    const saved = page.waitForResponse((response) => response.url().endsWith('/v2/user/lang'));
    await page.getByRole('combobox', { name: sv.language.label }).selectOption('es');
    expect((await saved).status()).toBe(200);
    await page.getByRole('heading', { name: es.settings.title }).waitFor();
    await openContext(desktop, 'en-us');
    await page.goto(`${journey.server.url}/#/sent`);
    await page.waitForURL(/#\/login$/);
    await logIn(en);
    await page.waitForURL(/#\/sent$/);
    await page.getByRole('heading', { name: es.routes.sent }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    // A reload with the kept session stays in Spanish, though this browser's own choice was English.
    await page.reload();
    await page.getByRole('heading', { name: es.routes.sent }).waitFor();
    await screenshot(page, 'sent-after-login-desktop-es');
    expect(problems).toEqual([]);
  });

  it('fits a phone under both brands', async () => {
    for (const [origin, name, texts, language] of [
      [journey.server.url, 'signlink', sv, 'sv'],
      [`http://pdfblankett.localhost:${journey.server.port}`, 'pdfblankett', es, 'es'],
    ] as const) {
      await openContext(phoneContext, language);
      await page.goto(`${origin}/#/settings/preferences`);
      await logIn(texts);
      await page.waitForURL(/#\/settings\/preferences$/);
      await page.getByText(demo.email, { exact: true }).waitFor();
      expect(await noSidewaysScroll(), name).toBeLessThanOrEqual(0);
      await screenshot(page, `settings-preferences-phone-${name}-${language}`);
      expect(problems).toEqual([]);
    }
  });
});
