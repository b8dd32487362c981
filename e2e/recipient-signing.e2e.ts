import { describe, expect, it } from 'vitest';
import { desktop, openInLanguage, phoneContext } from './support/app-steps.ts';
import { useBrowserJourney } from './support/journey.ts';
import { seedInkLink, signWithInk } from './support/recipient-steps.ts';

const journey = useBrowserJourney();

describe('a recipient signs in a real browser (issue 8)', () => {
  it('on a phone: opens the link, fills through Next field, signs with ink, sees the document sealed', async () => {
    const code = await seedInkLink(journey.server.url, 'Phone lease');
    const { page, problems } = await openInLanguage(journey, phoneContext, 'en-us');
    await signWithInk(page, journey.server.url, code, 'phone-en');
    expect(problems).toEqual([]);
  });

  it('on a desktop, the same', async () => {
    const code = await seedInkLink(journey.server.url, 'Desktop lease');
    const { page, problems } = await openInLanguage(journey, desktop, 'en-us');
    await signWithInk(page, journey.server.url, code, 'desktop-en');
    expect(problems).toEqual([]);
  });
});
