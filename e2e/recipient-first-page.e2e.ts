import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { en, openInLanguage, phoneContext } from './support/app-steps.ts';
import { useBrowserJourney } from './support/journey.ts';
import { seedLink } from './support/recipient-seed.ts';
import { openDocument, passCodeGate } from './support/recipient-steps.ts';

const journey = useBrowserJourney();

/** Every request the page makes, in the order the browser sends them, named as the recipient's first page sees them. */
function recordRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/v2/'))
      sent.push(`${request.method()} ${pathname.replace(/links\/[A-Z0-9]+/, 'links/ID')}`);
    else if (pathname.startsWith('/assets/')) sent.push(pathname.replace(/-[\w-]{8}\.(m?js)$/, '.$1'));
  });
  return sent;
}

const indexOf = (sent: string[], name: string) => {
  const index = sent.indexOf(name);
  if (index < 0) throw new Error(`${name} was never requested: ${sent.join(', ')}`);
  return index;
};

describe("a document link's first page: the entry starts its calls, not the page after it has loaded", () => {
  it('a link without a gate: details, access and the file asked for once each, the details before the page’s chunk', async () => {
    const link = await seedLink(journey.server.url, { name: 'Quick lease' });
    const { page, problems } = await openInLanguage(journey, phoneContext, 'en-us');
    const sent = recordRequests(page);
    await page.goto(`${journey.server.url}/${link.code}`);
    await openDocument(page, 'first-page-phone-en');

    const details = indexOf(sent, 'GET /v2/linktinker/links/ID');
    expect(details).toBeLessThan(indexOf(sent, '/assets/recipient-app.js'));
    // pdf.js's worker is started by the entry too, before the page it draws for has loaded.
    expect(indexOf(sent, '/assets/pdf.worker.min.mjs')).toBeLessThan(indexOf(sent, '/assets/recipient-page.js'));
    const calls = sent.filter((name) => name === 'GET /v2/linktinker/links/ID' || name.includes('/access'));
    expect(calls).toEqual([
      'GET /v2/linktinker/links/ID',
      'POST /v2/linktinker/links/ID/access',
      'POST /v2/linktinker/links/ID/access/file',
    ]);
    expect(problems).toEqual([]);
  });

  it('an e-mail gate: nothing of the document is asked for before the code is checked', async () => {
    const link = await seedLink(journey.server.url, { name: 'Gated lease', gate: 'email' });
    const { page, problems } = await openInLanguage(journey, phoneContext, 'en-us');
    const sent = recordRequests(page);
    await page.goto(`${journey.server.url}/${link.code}`);
    await page.getByRole('dialog', { name: en.recipient.gate.email.title }).waitFor();
    expect(sent.filter((name) => name.includes('/access'))).toEqual([]);

    await passCodeGate(page, journey.server.url, en, link, 'email', 'first-page-gated');
    await openDocument(page, 'first-page-gated');
    expect(sent.filter((name) => name === 'GET /v2/linktinker/links/ID')).toHaveLength(1);
    expect(problems).toEqual([]);
  });
});
