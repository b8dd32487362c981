import { pdfBlankett } from '@signlink/brands/brands';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../test/axe.ts';
import { renderWithApp } from '../../../test/render-app.tsx';
import { AppFooter } from '../layout/app-footer.tsx';
import { cookieConsentStorageKey } from './cookie-consent-store.ts';

const stored = () => JSON.parse(localStorage.getItem(cookieConsentStorageKey) ?? 'null');
const banner = () => screen.queryByRole('region', { name: 'Cookies and storage in your browser' });
const slow = { timeout: 20_000 };

// The whole app's frame with its footer: the host comes with AppProviders, as on every screen.
function openFirstVisit() {
  return renderWithApp(
    <main>
      <h1>Page</h1>
      <AppFooter />
    </main>,
  );
}

beforeEach(() => {
  // A first visit: test/setup.ts stores a choice for every other test.
  localStorage.clear();
});

describe('the cookie banner', () => {
  it('asks on a first visit, stores nothing optional before, and goes away on "Accept all"', slow, async () => {
    const user = userEvent.setup();
    openFirstVisit();
    expect(banner()).toBeTruthy();
    expect(Object.keys(localStorage)).toEqual([]);
    await expectNoAxeViolations();
    await user.click(within(banner() as HTMLElement).getByRole('button', { name: 'Accept all' }));
    await waitFor(() => expect(banner()).toBeNull());
    expect(stored()).toMatchObject({
      necessary: true,
      functional: true,
      analytical: true,
      advertising: true,
      version: 3,
    });
  });

  it('refuses as easily: "Necessary only" stores every optional category off', slow, async () => {
    const user = userEvent.setup();
    openFirstVisit();
    await user.click(screen.getByRole('button', { name: 'Necessary only' }));
    await waitFor(() => expect(banner()).toBeNull());
    expect(stored()).toMatchObject({ functional: false, analytical: false, advertising: false, version: 3 });
  });

  it('comes again when the stored choice answered version 2', slow, async () => {
    localStorage.setItem(
      cookieConsentStorageKey,
      JSON.stringify({
        necessary: true,
        functional: true,
        analytical: true,
        advertising: true,
        version: 2,
        decidedAt: '2025-01-01T00:00:00.000Z',
      }),
    );
    openFirstVisit();
    expect(banner()).toBeTruthy();
  });

  it('works from the keyboard and traps no focus: settings, one switch, save', slow, async () => {
    const user = userEvent.setup();
    openFirstVisit();
    const region = banner() as HTMLElement;
    // The page before it stays reachable: Tab walks from the page into the banner and on, nothing pulls it back.
    const settings = within(region).getByRole('button', { name: 'Cookie settings' });
    settings.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Cookie settings' });
    const necessary = within(dialog).getByRole('switch', { name: 'Necessary' });
    expect((necessary as HTMLInputElement).checked).toBe(true);
    expect((necessary as HTMLInputElement).disabled).toBe(true);
    for (const name of ['Functional', 'Analytical', 'Advertising']) {
      expect((within(dialog).getByRole('switch', { name }) as HTMLInputElement).checked).toBe(false);
    }
    await expectNoAxeViolations();
    within(dialog).getByRole('switch', { name: 'Analytical' }).focus();
    await user.keyboard(' ');
    expect((within(dialog).getByRole('switch', { name: 'Analytical' }) as HTMLInputElement).checked).toBe(true);
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Save my choice' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(banner()).toBeNull();
    expect(stored()).toMatchObject({ functional: false, analytical: true, advertising: false, version: 3 });
  });

  it('leaves the page focusable around it', slow, async () => {
    const user = userEvent.setup();
    openFirstVisit();
    const footerLink = screen.getByRole('button', { name: 'Cookies' });
    footerLink.focus();
    await user.tab();
    expect(within(banner() as HTMLElement).getByRole('button', { name: 'Privacy centre' })).toBe(
      document.activeElement,
    );
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(document.activeElement?.closest('[role="region"]')).toBeNull();
  });
});

describe('the cookie settings and privacy centre', () => {
  it('open from the footer link, with the stored choice; "Accept all" there too', slow, async () => {
    const user = userEvent.setup();
    openFirstVisit();
    await user.click(screen.getByRole('button', { name: 'Necessary only' }));
    await user.click(screen.getByRole('button', { name: 'Cookies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie settings' });
    expect((within(dialog).getByRole('switch', { name: 'Functional' }) as HTMLInputElement).checked).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Accept all' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stored()).toMatchObject({ functional: true, analytical: true, advertising: true });
  });

  it(
    'the privacy centre shows the brand’s privacy page in a 480 px frame and leads to the settings',
    slow,
    async () => {
      const user = userEvent.setup();
      renderWithApp(<p>Page</p>, { brand: pdfBlankett });
      await user.click(screen.getByRole('button', { name: 'Privacy centre' }));
      const centre = await screen.findByRole('dialog', { name: 'Privacy information' });
      const frame = within(centre).getByTitle('Privacy notice of PDF-blankett');
      expect(frame.getAttribute('src')).toBe('/privacy.html?brand=pdfblankett&lang=en-us');
      expect(getComputedStyle(frame).height).toBe('480px');
      // axe is left to the browser journey (e2e/cookie-consent.e2e.ts): in jsdom it cannot enter the frame.
      await user.click(within(centre).getByRole('button', { name: 'Change cookie settings' }));
      expect(await screen.findByRole('dialog', { name: 'Cookie settings' })).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Privacy information' })).toBeNull());
    },
  );
});
