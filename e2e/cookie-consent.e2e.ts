import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cookieConsentStorageKey } from '../apps/web/src/components/cookie-consent/cookie-consent-store.ts';
import { type AppTexts, desktop, es, openInLanguage, phoneContext, sv } from './support/app-steps.ts';
import { settledScreenshot } from './support/browser.ts';
import { readSenderMessages } from './support/completion-steps.ts';
import { useBrowserJourney } from './support/journey.ts';
import { seedLink } from './support/recipient-seed.ts';
import { openDocument } from './support/recipient-steps.ts';

const journey = useBrowserJourney();
const firstVisit = { hasCookieConsent: false };
const brandOrigin = () => `http://pdfblankett.localhost:${journey.server.port}`;

/** What the app may store before the visitor chooses: the necessary keys only (cookie-consent-store.ts). */
const necessaryKeys = [
  /^signlink\.language$/,
  /^signlink\.accessToken$/,
  /^signlink\.returnTo$/,
  /^signlink\.linkAccess\./,
  /^signlink\.recipient\.values\./,
];

/** Everything Chromium holds for the page: both storages' keys and the context's cookies. */
async function storedInBrowser(page: Page) {
  const storages = await page.evaluate(() => ({
    local: Object.keys(localStorage),
    session: Object.keys(sessionStorage),
  }));
  return { ...storages, cookies: await page.context().cookies() };
}

const storedConsent = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), cookieConsentStorageKey);

const bannerOf = (page: Page, texts: AppTexts) => page.getByRole('region', { name: texts.cookies.banner.title });

describe('cookie consent, version 3 (SPEC sections 2 and 9)', () => {
  it('on a phone in Swedish at a link: nothing optional before a choice; "necessary only" holds over a reload', async () => {
    const messages = { document: 'Läs villkoren på sidan 2.', personal: 'Hej Anna, du signerar först.' };
    const link = await seedLink(journey.server.url, { name: 'Hyresavtal', messages });
    const { page, problems } = await openInLanguage(journey, phoneContext, 'sv', firstVisit);
    await page.goto(`${journey.server.url}/${link.code}`);
    await readSenderMessages(page, sv, messages, 'cookies-phone-sv');
    await openDocument(page, 'cookies-phone-sv');
    const banner = bannerOf(page, sv);
    await banner.waitFor();
    await settledScreenshot(page, 'cookies-banner-phone-sv', { fullPage: false });

    // The messages were read, yet that convenience is not remembered before consent: only necessary storage.
    const before = await storedInBrowser(page);
    expect(before.cookies).toEqual([]);
    for (const key of [...before.local, ...before.session]) {
      expect(
        necessaryKeys.some((pattern) => pattern.test(key)),
        key,
      ).toBe(true);
    }

    await banner.getByRole('button', { name: sv.cookies.banner.necessaryOnly }).click();
    await banner.waitFor({ state: 'detached' });
    // The document is the phone's again: its first field is on screen, nothing over it.
    await expect(page.getByRole('textbox', { name: 'Full name' }).isVisible()).resolves.toBe(true);
    const consent = await storedConsent(page);
    expect(consent).toMatchObject({ necessary: true, functional: false, analytical: false, advertising: false });
    expect(consent.version).toBe(3);
    expect(Date.parse(consent.decidedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(consent.decidedAt).toMatch(/Z$/);

    // Not asked again; and without functional consent the messages come again, as they would in a new browser.
    await page.reload();
    await readSenderMessages(page, sv, messages, 'cookies-phone-sv-reloaded');
    await openDocument(page, 'cookies-phone-sv-reloaded');
    expect(await bannerOf(page, sv).count()).toBe(0);

    // A choice made for version 2 is asked again.
    await page.evaluate((key) => {
      const stored = JSON.parse(localStorage.getItem(key) ?? '{}');
      localStorage.setItem(key, JSON.stringify({ ...stored, version: 2 }));
    }, cookieConsentStorageKey);
    await page.reload();
    await readSenderMessages(page, sv, messages, 'cookies-phone-sv-v2');
    await bannerOf(page, sv).waitFor();
    expect(problems).toEqual([]);
  });

  it('on a desktop in Spanish under PDF-blankett: privacy centre, settings, saved choice, footer link', async () => {
    const { page, problems } = await openInLanguage(journey, desktop, 'es', firstVisit);
    await page.goto(`${brandOrigin()}/`);
    const banner = bannerOf(page, es);
    await banner.waitFor();
    expect((await storedInBrowser(page)).cookies).toEqual([]);
    expect(await storedConsent(page)).toBeNull();
    await settledScreenshot(page, 'cookies-banner-desktop-es', { fullPage: false });

    await banner.getByRole('button', { name: es.cookies.banner.privacyCentre }).click();
    const centre = page.getByRole('dialog', { name: es.recipient.privacy.title });
    const frame = centre.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe('/privacy.html?brand=pdfblankett&lang=es');
    expect((await frame.boundingBox())?.height).toBe(480);
    await settledScreenshot(page, 'cookies-privacy-centre-desktop-es', { fullPage: false });

    await centre.getByRole('button', { name: es.cookies.privacy.changeConsent }).click();
    const settings = page.getByRole('dialog', { name: es.cookies.settings.title });
    await settings.waitFor();
    const necessary = settings.getByRole('switch', { name: es.cookies.settings.necessary.label });
    expect(await necessary.isChecked()).toBe(true);
    expect(await necessary.isDisabled()).toBe(true);
    await settings.getByRole('switch', { name: es.cookies.settings.functional.label }).check();
    await settledScreenshot(page, 'cookies-settings-desktop-es', { fullPage: false });
    await settings.getByRole('button', { name: es.cookies.settings.save }).click();
    await settings.waitFor({ state: 'detached' });
    await banner.waitFor({ state: 'detached' });
    expect(await storedConsent(page)).toMatchObject({
      necessary: true,
      functional: true,
      analytical: false,
      advertising: false,
      version: 3,
    });

    await page.reload();
    await page.getByRole('contentinfo').waitFor();
    expect(await bannerOf(page, es).count()).toBe(0);
    await page.getByRole('contentinfo').getByRole('button', { name: es.footer.cookies }).click();
    const again = page.getByRole('dialog', { name: es.cookies.settings.title });
    expect(await again.getByRole('switch', { name: es.cookies.settings.functional.label }).isChecked()).toBe(true);
    expect(await again.getByRole('switch', { name: es.cookies.settings.analytical.label }).isChecked()).toBe(false);
    expect(problems).toEqual([]);
  });
});
