import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  acceptAllChoice,
  cookieConsentRecord,
  cookieConsentStorageKey,
} from '../../apps/web/src/components/cookie-consent/cookie-consent-store.ts';
import { AxeWatch, watchPageAccessibility } from './axe.ts';

export { chromiumPath, launchBrowser, phoneViewport } from './launch-browser.ts';

const artifactsDir = fileURLToPath(new URL('../artifacts', import.meta.url));

/**
 * Screenshots land in e2e/artifacts (ignored by git) for a person to look at. `fullPage: false` shows the screen as
 * the person sees it, with bars fixed to the bottom where they are.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  fs.mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

/** A screenshot once the dialogs' fades are over (spinners, which never end, aside). */
export async function settledScreenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const iterations = animation.effect?.getTiming().iterations;
      return iterations === Number.POSITIVE_INFINITY || animation.playState !== 'running';
    }),
  );
  return screenshot(page, name, options);
}

export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors, which journeys expect to stay empty. */
  problems: string[];
  /** axe's findings on every screen the page reached (axe.ts); the journey fails unless they stay empty. */
  accessibility: AxeWatch;
}

export interface WatchOptions {
  /**
   * The visitor answered the cookie banner before ("accept all"), so that journeys about something else meet no
   * banner; e2e/cookie-consent.e2e.ts turns it off to meet the first visit.
   */
  hasCookieConsent?: boolean;
}

/**
 * A fresh context and page that records every console error, CSP violation and uncaught error, and runs axe on each
 * screen of the app it reaches (axe.ts).
 */
export async function openWatchedPage(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
  { hasCookieConsent = true }: WatchOptions = {},
): Promise<WatchedPage> {
  const context = await browser.newContext(options);
  if (hasCookieConsent) await context.addInitScript(storeCookieConsent, consentEntry());
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const accessibility = new AxeWatch();
  return { context, page: watchPageAccessibility(page, accessibility), problems, accessibility };
}

const consentEntry = () => ({
  key: cookieConsentStorageKey,
  value: JSON.stringify(cookieConsentRecord(acceptAllChoice)),
});

/** Runs in the page before its scripts: a choice the journey itself made since is kept. */
function storeCookieConsent({ key, value }: { key: string; value: string }) {
  try {
    if (!localStorage.getItem(key)) localStorage.setItem(key, value);
  } catch {
    // about:blank and other opaque origins have no storage.
  }
}
