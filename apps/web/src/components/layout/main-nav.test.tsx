import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-app.tsx';
import { MainNavBar } from './main-nav.tsx';

function renderNavAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <MainNavBar /> }], { initialEntries: [path] });
  renderWithApp(<RouterProvider router={router} />);
  // Shown from the md breakpoint up, which jsdom's styles may not reach: the links are what matters here.
  return within(screen.getByRole('navigation', { name: 'Documents', hidden: true }));
}

describe('the desktop menu (SPEC section 2, menu items)', () => {
  it('lists the document items in the menu order, Drafts after Dashboard as the phone drawer has it', () => {
    const nav = renderNavAt('/dashboard');
    const links = nav.getAllByRole('link', { hidden: true });
    expect(links.map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Drafts',
      'Sent',
      'Archived',
      'Inbox',
      'Templates',
      'Links',
      'Contacts',
      'Verify document',
      'New document',
    ]);
    expect(nav.getByRole('link', { name: 'Drafts', hidden: true }).getAttribute('href')).toBe('/create');
    expect(nav.getByRole('link', { name: 'Dashboard', hidden: true }).getAttribute('aria-current')).toBe('page');
  });

  it('marks Drafts while a draft is open in the editor', () => {
    const nav = renderNavAt('/create/prj-1');
    expect(nav.getByRole('link', { name: 'Drafts', hidden: true }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: 'Sent', hidden: true }).getAttribute('aria-current')).toBeNull();
  });
});
