import { describe, expect, it } from 'vitest';
import type { HelpArticle } from './help-articles.ts';
import { foldForSearch, searchHelpArticles } from './search-help-articles.ts';

const article = (slug: HelpArticle['slug'], title: string, body: string): HelpArticle => ({ slug, title, body });
const articles = [
  article('billing', 'Betalning', 'Fyll på saldot med kort. Se [BankID](#/help/bankid).'),
  article('bankid', 'BankID', 'Öppna BankID-appen och skanna QR-koden.'),
];

describe('searchHelpArticles', () => {
  it('ignores case, accents and punctuation', () => {
    expect(foldForSearch('Återställ PIN-koden!')).toBe('aterstall pin koden');
    expect(searchHelpArticles(articles, 'OPPNA').map((found) => found.slug)).toEqual(['bankid']);
    expect(searchHelpArticles(articles, 'fyll pa').map((found) => found.slug)).toEqual(['billing']);
  });

  it('puts a title’s match first, and does not search the addresses of links', () => {
    expect(searchHelpArticles(articles, 'bankid').map((found) => found.slug)).toEqual(['bankid', 'billing']);
    expect(searchHelpArticles(articles, 'help')).toEqual([]);
  });

  it('needs every word, and lists everything for an empty query', () => {
    expect(searchHelpArticles(articles, 'saldot qr')).toEqual([]);
    expect(searchHelpArticles(articles, '  ')).toEqual(articles);
  });
});
