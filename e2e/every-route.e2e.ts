import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { routeTable } from '../apps/web/src/routes/route-table.ts';
import { desktop, en, fill, logInAsDemo, openInLanguage, phoneContext, sv } from './support/app-steps.ts';
import { screenshot } from './support/browser.ts';
import { useBrowserJourney } from './support/journey.ts';
import { seedLink } from './support/recipient-seed.ts';

/**
 * Every route of the route table, signed out and signed in, under both brands, on a desktop and a phone: each
 * screen's tab title names it and its brand (WCAG 2.4.2), and axe finds nothing on any of them (support/axe.ts
 * checks each screen the walk reads). Screens whose journeys exist are walked there in depth; this one is the floor.
 */

const journey = useBrowserJourney();
const fixture = path.resolve(import.meta.dirname, '../../shared/fixtures/pdfs/pdflatex-4-pages.pdf');
const brands = [
  { name: 'Signlink', origin: () => journey.server.url },
  // Chromium resolves *.localhost to loopback; the server picks the brand by host (SPEC section 1).
  { name: 'PDF-blankett', origin: () => `http://pdfblankett.localhost:${journey.server.port}` },
] as const;
const screens = [
  { name: 'desktop', context: desktop },
  { name: 'phone', context: phoneContext },
] as const;

/** A path to visit for each route pattern; ids that exist where the walk needs them, unknown ones elsewhere. */
function pathOf(pattern: string, ids: { draft?: string; document?: string }): string {
  return pattern
    .replace(':projectId', ids.draft ?? 'unknown-draft')
    .replace(/:id\b/, pattern.startsWith('/document') || pattern.startsWith('/report') ? (ids.document ?? 'x') : 'x')
    .replace(':code', 'NOSUCHCODE')
    .replace(':slug', 'bankid')
    .replace(/\/:[a-z]+\?/gi, '')
    .replace('/*', '/start');
}

/** The screen has drawn: its heading, or the editor's title field, or a dialog standing for the page. */
async function waitForScreen(page: Page) {
  await page
    .locator('main h1')
    .or(page.getByRole('textbox', { name: en.editor.toolbar.title }))
    .or(page.getByRole('dialog'))
    .first()
    .waitFor({ timeout: 20_000 });
}

/**
 * Visits each route in the table (or those `needsAccount` decides), checking its title: a route that stays where it
 * was sent is titled by its own name; one that redirects (to login, to the first settings section) by a route's.
 */
async function walkRoutes(page: Page, origin: string, brandName: string, signedIn: boolean, ids = {}, isFull = true) {
  const titleOf = (page: string) => fill(en.a11y.pageTitle, { page, brandName });
  const knownTitles = new Set([...Object.values(en.routes), en.notFound.title, en.a11y.documentPage].map(titleOf));
  // Beyond the first walk, one route per screen: the placeholders' twenty routes draw one component.
  const routes = isFull
    ? routeTable
    : routeTable.filter((route, index) => routeTable.findIndex((other) => other.screen === route.screen) === index);
  for (const route of routes) {
    const target = pathOf(route.path, ids);
    await page.goto(`${origin}/#${target}`);
    await waitForScreen(page);
    const shownPath = await page.evaluate(() => window.location.hash.slice(1).split('?')[0]);
    const routeTitle = titleOf(en.routes[route.titleKey.slice('routes.'.length) as keyof typeof en.routes]);
    // A link's pages (`/`, `/preview/…`) without a link go on elsewhere, or stay in the recipient's own frame,
    // which names the page "Document": any screen's title will do there. The title is set in an effect after the
    // screen has drawn, so it is waited for, not read at once (a loaded machine shows the last screen's a while).
    const isLinkPage = route.screen === 'recipient' || route.path.startsWith('/preview');
    if (shownPath === target && !isLinkPage)
      await expect.poll(() => page.title(), { message: target }).toBe(routeTitle);
    else {
      await expect
        .poll(async () => knownTitles.has(await page.title()), { message: `${target} → ${shownPath}` })
        .toBe(true);
    }
    if (!signedIn && route.needsAccount) expect(shownPath, target).toBe('/login');
  }
}

describe('every route, signed out and in, both brands, desktop and phone', () => {
  for (const brand of brands) {
    for (const screen of screens) {
      const isFirst = brand === brands[0] && screen === screens[0];
      it(`${brand.name} on a ${screen.name}, signed out`, { timeout: 300_000 }, async () => {
        const { page, problems } = await openInLanguage(journey, screen.context, 'en-us');
        await walkRoutes(page, brand.origin(), brand.name, false, {}, isFirst);
        // Links, reset codes and invitations made up for the walk are refused (400, 401, 404): the pages' answers.
        expect(problems.filter((problem) => !/40[014]/.test(problem))).toEqual([]);
      });

      it(`${brand.name} on a ${screen.name}, signed in`, { timeout: 300_000 }, async () => {
        // The demo's sent document, seeded through the API on the first brand's host (Node cannot resolve the
        // second's); the account is the same on both.
        const name = `Every route ${Date.now().toString(36)}`;
        await seedLink(journey.server.url, { name });
        const { page, problems } = await openInLanguage(journey, screen.context, 'en-us');
        const origin = brand.origin();
        await logInAsDemo(page, en, origin);
        // Login moves the focus to the new screen's heading (WCAG 2.4.3).
        await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');

        await page.goto(`${origin}/#/sent`);
        await page.getByRole('link', { name }).first().click();
        await page.waitForURL(/#\/document\/[^/]+$/);
        const documentId = page.url().split('/').at(-1);
        // The editor is desktop only (SPEC section 2): a phone is shown that at any draft's address.
        let draft: string | undefined;
        if (screen.name === 'desktop') {
          await page.goto(`${origin}/#/create`);
          await page.locator('input[type="file"]').setInputFiles(fixture);
          await page.waitForURL(/#\/create\/[^/]+$/);
          draft = page.url().split('/').at(-1);
        }
        await walkRoutes(page, origin, brand.name, true, { draft, document: documentId }, isFirst);
        await screenshot(page, `every-route-${brand.name.toLowerCase()}-${screen.name}-last`);
        expect(problems.filter((problem) => !/40[014]/.test(problem))).toEqual([]);
      });
    }
  }

  it('offers a skip link first, which moves focus to the main content, in the language shown', async () => {
    const { page } = await openInLanguage(journey, desktop, 'sv');
    await page.goto(`${journey.server.url}/#/verify`);
    await page.locator('main h1').waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: sv.a11y.skipToMain });
    await expect.poll(() => skip.evaluate((link) => link === document.activeElement)).toBe(true);
    expect(await skip.boundingBox()).not.toBeNull();
    await screenshot(page, 'skip-link-sv-desktop', { fullPage: false });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    expect(await page.title()).toBe(fill(sv.a11y.pageTitle, { page: sv.routes.verify, brandName: 'Signlink' }));
  });

  it('moves focus to the heading of the screen a link opens', async () => {
    const { page } = await openInLanguage(journey, desktop, 'en-us');
    await logInAsDemo(page, en, journey.server.url);
    await page.getByRole('navigation').first().getByRole('link', { name: en.nav.sent }).click();
    await page.waitForURL(/#\/sent$/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(en.routes.sent);
    expect(await page.title()).toBe(`${en.routes.sent} – Signlink`);
  });
});
