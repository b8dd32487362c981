import { pdfBlankett } from '@signlink/brands/brands';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAppAt } from '../../test/render-app.tsx';

describe('every screen of the router (WCAG 2.4.1, 2.4.2, 2.4.3)', () => {
  it("titles the tab with the screen's name and the brand's, in the language shown", async () => {
    renderAppAt('#/verify', { brand: pdfBlankett });
    await screen.findByRole('heading', { level: 1, name: 'Verify a signed document' });
    expect(document.title).toBe('Verify document – PDF-blankett');
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'sv' } });
    await screen.findByRole('heading', { level: 1, name: 'Verifiera ett signerat dokument' });
    expect(document.title).toBe('Verifiera dokument – PDF-blankett');
  });

  it('titles an unknown address as not found', async () => {
    renderAppAt('#/no-such-screen');
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(document.title).toBe('Page not found – Signlink');
  });

  it('opens with a skip link to the main content', async () => {
    renderAppAt('#/verify');
    await screen.findByRole('heading', { level: 1, name: 'Verify a signed document' });
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    fireEvent.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('main'));
    // The hash is the route: the skip link must not change it.
    expect(window.location.hash).toBe('#/verify');
  });

  it('moves the focus to the next screen’s heading after a navigation, not on the first screen', async () => {
    renderAppAt('#/verify');
    const first = await screen.findByRole('heading', { level: 1, name: 'Verify a signed document' });
    expect(document.activeElement).not.toBe(first);
    act(() => {
      window.location.hash = '#/no-such-screen';
    });
    const next = await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    await expect.poll(() => document.activeElement).toBe(next);
  });
});
