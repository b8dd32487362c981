import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../test/axe.ts';
import { renderAppAt } from '../../../test/render-app.tsx';
import { languageStorageKey } from '../../i18n/language-store.ts';

/** The titles the list shows, in its order. */
function listedTitles(): string[] {
  const list = screen.getByRole('list', { name: /./ });
  return within(list)
    .getAllByRole('link')
    .map((link) => link.querySelector('.MuiListItemText-primary')?.textContent ?? '');
}

async function openHelp(language: 'en-us' | 'sv' | 'es', hash = '#/help') {
  localStorage.setItem(languageStorageKey, language);
  renderAppAt(hash);
}

describe('/help, the help centre (SPEC section 2), signed out', () => {
  it('lists the six articles with their summaries, and passes axe', async () => {
    await openHelp('en-us');
    await screen.findByRole('heading', { level: 1, name: 'Help centre' });
    await screen.findByRole('link', { name: /^Logging in/ });
    expect(listedTitles()).toEqual([
      'Logging in',
      'Sending a document',
      'Signing methods',
      'BankID',
      'Billing',
      'The API',
    ]);
    expect(screen.getByRole('link', { name: /^Billing/ }).getAttribute('href')).toBe('#/help/billing');
    expect(screen.getByText(/Your own systems can call the same API as the web app/)).toBeTruthy();
    await expectNoAxeViolations();
  });

  it.each([
    // Swedish without its letters: what a hurried typist types for "säkerhetskod" finds the BankID article alone.
    {
      language: 'sv' as const,
      heading: 'Hjälpcenter',
      query: 'SAKERHETSKOD',
      titles: ['BankID'],
      count: '1 artikel hittades',
    },
    {
      language: 'es' as const,
      heading: 'Centro de ayuda',
      query: 'facturacion',
      titles: ['Facturación'],
      count: '1 artículo encontrado',
    },
    {
      language: 'en-us' as const,
      heading: 'Help centre',
      query: 'webhooks 72',
      titles: ['The API'],
      count: '1 article found',
    },
    // Every word must be there; a title's match comes before a text's.
    {
      language: 'en-us' as const,
      heading: 'Help centre',
      query: 'bankid',
      titles: ['BankID', 'Logging in', 'Signing methods'],
      count: '3 articles found',
    },
  ])(
    'finds "$query" in $language as it is typed, and says how many politely',
    async ({ language, heading, query, titles, count }) => {
      await openHelp(language);
      await screen.findByRole('heading', { level: 1, name: heading });
      await waitFor(() => expect(listedTitles()).toHaveLength(6));
      fireEvent.change(screen.getByRole('searchbox'), { target: { value: query } });
      expect(listedTitles()).toEqual(titles);
      const status = screen.getByRole('status');
      await waitFor(() => expect(status.textContent).toBe(count));
    },
  );

  it('says when nothing matches, and lists everything again once the search is cleared', async () => {
    await openHelp('sv');
    await screen.findByRole('link', { name: /^Logga in/ });
    const search = screen.getByRole('searchbox', { name: 'Sök i hjälpcentret' });
    fireEvent.change(search, { target: { value: 'zebrafink' } });
    expect(screen.getByText('Ingen artikel matchar sökningen. Prova andra ord.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Hjälpartiklar' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('0 artiklar hittades'));
    fireEvent.change(search, { target: { value: '' } });
    expect(listedTitles()).toHaveLength(6);
  });
});

describe('/help/:slug, one article', () => {
  it('renders its headings with ids and its links into the app, and passes axe', async () => {
    await openHelp('en-us', '#/help/logging-in');
    await screen.findByRole('heading', { level: 1, name: 'Logging in' });
    const bankIdHeading = screen.getByRole('heading', { level: 2, name: 'BankID' });
    expect(bankIdHeading.id).toBe('bankid');
    expect(screen.getByRole('heading', { level: 2, name: 'Forgot your PIN?' }).id).toBe('forgot-your-pin');
    // Markdown's emphasis, as elements rather than asterisks.
    expect(screen.getByText('Log in with e-mail and password').tagName).toBe('STRONG');
    await expectNoAxeViolations();

    const inApp = screen.getByRole('link', { name: 'BankID' });
    expect(inApp.getAttribute('href')).toBe('#/help/bankid');
    expect(inApp.getAttribute('target')).toBeNull();
    fireEvent.click(inApp);
    await screen.findByRole('heading', { level: 1, name: 'BankID' });
    fireEvent.click(screen.getByRole('link', { name: 'All help articles' }));
    await screen.findByRole('heading', { level: 1, name: 'Help centre' });
  });

  it('brings the section named in the address into view, for deep links', async () => {
    const scrolled: string[] = [];
    // jsdom lays nothing out, so it has no scrollIntoView; the browser's would move the page.
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this.id);
    };
    try {
      await openHelp('en-us', '#/help/billing?section=price-plans');
      await screen.findByRole('heading', { level: 1, name: 'Billing' });
      await waitFor(() => expect(scrolled).toEqual(['price-plans']));
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('follows the language: the same address in Spanish', async () => {
    await openHelp('es', '#/help/signing-methods');
    await screen.findByRole('heading', { level: 1, name: 'Métodos de firma' });
    expect(
      screen.getByRole('heading', { level: 2, name: 'Documento de identidad con comprobación en vivo (tipo 6)' }).id,
    ).toBe('documento-de-identidad-con-comprobacion-en-vivo-tipo-6');
  });

  it('says an unknown article is not found, with the way back, and passes axe', async () => {
    await openHelp('en-us', '#/help/no-such-article');
    await screen.findByRole('heading', { level: 1, name: 'Article not found' });
    expect(
      screen.getByText('There is no help article at this address. All the articles are listed in the help centre.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All help articles' }).getAttribute('href')).toBe('#/help');
    await expectNoAxeViolations();
  });
});

describe('help links on the screens the articles explain', () => {
  it('the footer and the login dialog link to the help centre; the dialog’s opens a new tab', async () => {
    await openHelp('en-us', '#/login');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('#/help');
    fireEvent.click(screen.getByRole('button', { name: 'Log in with e-mail and password' }));
    const dialog = await screen.findByRole('dialog');
    const help = within(dialog).getByRole('link', { name: 'Help with logging in (opens in a new tab)' });
    expect(help.getAttribute('href')).toBe('#/help/logging-in');
    expect(help.getAttribute('target')).toBe('_blank');
    expect(help.getAttribute('rel')).toContain('noopener');
  });
});
