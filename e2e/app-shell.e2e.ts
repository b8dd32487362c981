import { resources } from '@signlink/i18n/resources';
import type { Browser, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { enErrors } from './support/app-steps.ts';
import { phoneViewport, screenshot } from './support/browser.ts';
import { useBrowserJourney } from './support/journey.ts';

type AppTexts = typeof import('../packages/i18n/locales/en-us/app.json');
const enApp = resources['en-us'].app as AppTexts;
const svApp = resources.sv.app as AppTexts;
const esApp = resources.es.app as AppTexts;

const journey = useBrowserJourney();
let page: Page;
let problems: string[];

async function openContext(options: Parameters<Browser['newContext']>[0] = {}) {
  // A console error or a CSP violation on any page fails the journey.
  ({ page, problems } = await journey.open(options));
}
beforeEach(async () => {
  await openContext();
});

const secondBrandOrigin = () => `http://pdfblankett.localhost:${journey.server.port}`;

describe('the app shell in a real browser', () => {
  it('sends an empty path to the dashboard, which asks a signed-out visitor to log in, under the Signlink brand', async () => {
    await page.goto(`${journey.server.url}/`);
    // The dashboard needs an account (route-table.ts): with no session it ends on login, to come back after.
    await page.waitForURL(/#\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem('signlink.returnTo'))).toBe('/dashboard');
    expect(await page.title()).toContain('Signlink');
    await expect.poll(() => page.locator('header img').first().getAttribute('src')).toContain('signlink');
    await screenshot(page, 'login-from-dashboard-signlink-desktop');
    expect(problems).toEqual([]);
  });

  it('redirects /login into the hash route, keeping the query', async () => {
    await page.goto(`${journey.server.url}/login?next=%2Fsent&campaign=7`);
    await page.waitForURL(/#\/login\?next=%2Fsent&campaign=7$/);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(problems).toEqual([]);
  });

  it('opens the recipient view for a link id path, which refuses an unknown link as incorrect', async () => {
    await page.goto(`${journey.server.url}/ABC123`);
    await page.waitForURL(/#\/\?link=ABC123$/i);
    await page.getByText(enErrors.invalidLink).waitFor();
    // The link-details call's 404 is the page's answer, not a fault of the page.
    expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
  });

  it('selects PDF-blankett on its host, with its home and slogan', async () => {
    await page.goto(`${secondBrandOrigin()}/`);
    await page.waitForURL(/#\/pdfblankett$/);
    expect(await page.title()).toContain('PDF-blankett');
    await page.getByText(enApp.brand.pdfblankettSlogan).first().waitFor();
    await screenshot(page, 'home-pdfblankett-desktop');
    expect(problems).toEqual([]);
  });

  it('switches between all three languages and keeps the choice after a reload', async () => {
    await page.goto(`${journey.server.url}/#/no-such-page`);
    await page.getByText(enApp.notFound.title).waitFor();
    const select = page.getByLabel(enApp.language.label);
    await select.selectOption('sv');
    await page.getByText(svApp.notFound.title).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('sv');
    await page.reload();
    await page.getByText(svApp.notFound.title).waitFor();
    await page.getByLabel(svApp.language.label).selectOption('es');
    await page.getByText(esApp.notFound.title).waitFor();
    await screenshot(page, 'not-found-es-desktop');
    expect(problems).toEqual([]);
  });

  it('shows the not-found page for an unknown hash route', async () => {
    await page.goto(`${journey.server.url}/#/definitely/not/a/route`);
    await page.getByText(enApp.notFound.title).waitFor();
    expect(problems).toEqual([]);
  });

  it('fits a phone screen under both brands without sideways scrolling', async () => {
    await openContext({ viewport: phoneViewport, isMobile: true, hasTouch: true });
    for (const [origin, name] of [
      [journey.server.url, 'signlink'],
      [secondBrandOrigin(), 'pdfblankett'],
    ] as const) {
      await page.goto(`${origin}/ABC123`);
      await page.getByText(enErrors.invalidLink).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, name).toBeLessThanOrEqual(0);
      await screenshot(page, `recipient-${name}-phone`);
    }
    expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
  });

  it('serves the API beside the app: health, JSON 404s and the OpenAPI page', async () => {
    const health = await page.request.get(`${journey.server.url}/v2/health`);
    expect((await health.json()).database.status).toBe('up');
    const missing = await page.request.get(`${journey.server.url}/v2/no-such-endpoint`);
    expect(missing.status()).toBe(404);
    expect((await missing.json()).code).toBe('ROUTE_NOT_FOUND');
    await page.goto(`${journey.server.url}/v2/docs`);
    await page.locator('.swagger-ui .info').first().waitFor();
    expect(problems).toEqual([]);
  });
});
