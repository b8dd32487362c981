import fs from 'node:fs';
import path from 'node:path';
import type { MaintenanceItemInput } from '@signlink/contracts/maintenance/maintenance-item';
import { afterEach, describe, expect, it } from 'vitest';
import { desktop, openInLanguage, phoneContext, sv } from './support/app-steps.ts';
import { settledScreenshot } from './support/browser.ts';
import { useBrowserJourney } from './support/journey.ts';

const journey = useBrowserJourney();
const minute = 60_000;
/** Where the operator announces maintenance; the server reads it again on each request (README). */
const maintenanceFile = () => path.join(journey.server.dataDir, 'maintenance.json');
const announce = (item: MaintenanceItemInput) => fs.writeFileSync(maintenanceFile(), JSON.stringify(item));
afterEach(() => fs.rmSync(maintenanceFile(), { force: true }));

const windowFrom = (startInMinutes: number, minutes: number) => {
  const start = Date.now() + startInMinutes * minute;
  return { startUtc: new Date(start).toISOString(), endUtc: new Date(start + minutes * minute).toISOString() };
};

describe('an operator announces and runs a maintenance window (SPEC section 4)', () => {
  it('on a phone in Swedish: the pre-notice popup, once', async () => {
    announce({
      ...windowFrom(30, 60),
      preNoticeMinutes: 60,
      message: { 'en-us': { title: 'Database upgrade', desc: 'We are moving to a bigger database.' } },
    });
    const { page, problems } = await openInLanguage(journey, phoneContext, 'sv');
    await page.goto(journey.server.url);
    const popup = page.getByRole('dialog', { name: sv.maintenance.preNotice.title });
    await popup.getByText(/Det är om (29|30) minuter/).waitFor();
    await settledScreenshot(page, 'maintenance-pre-notice-phone-sv', { fullPage: false });
    await popup.getByRole('button', { name: sv.common.ok }).click();
    await popup.waitFor({ state: 'detached' });

    // Once per tab: loading the app again does not show it again.
    await page.reload();
    await page.getByRole('main').waitFor();
    await page.waitForTimeout(1500);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('on a desktop in Spanish: the maintenance page while the window runs, and a refused API', async () => {
    announce({
      ...windowFrom(-10, 60),
      message: {
        'en-us': { title: 'Database upgrade', desc: 'We are moving to a bigger database.' },
        es: { title: 'Actualización de la base de datos', desc: 'Estamos cambiando a una base de datos más grande.' },
      },
    });
    const { page, problems } = await openInLanguage(journey, desktop, 'es');
    await page.goto(journey.server.url);
    await page.getByRole('heading', { name: 'Actualización de la base de datos' }).waitFor();
    await page.getByText(/Estamos cambiando a una base de datos más grande\. Esperamos volver antes de/).waitFor();
    await settledScreenshot(page, 'maintenance-page-desktop-es');

    const refused = await page.evaluate(async () => {
      const response = await fetch('/v2/linktinker/ip');
      return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
    });
    expect(refused.status).toBe(503);
    expect(Number(refused.retryAfter)).toBeGreaterThan(45 * 60);
    expect(refused.body).toMatchObject({ code: 'MAINTENANCE' });
    expect(
      (await page.evaluate(() => fetch('/maintenance.json').then((r) => r.headers.get('cache-control')))) ?? '',
    ).toBe('no-store');
    // Calls the app made before it knew are refused with 503, which the browser reports; nothing else went wrong.
    expect(problems.filter((problem) => !problem.includes('status of 503'))).toEqual([]);
  });
});
