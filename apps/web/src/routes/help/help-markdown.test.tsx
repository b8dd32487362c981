import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-app.tsx';
import { helpArticleSlugs } from '../../components/help/help-article-slugs.ts';
import { loadHelpArticles } from './help-articles.ts';
import { HelpMarkdown } from './help-markdown.tsx';

const hostile = [
  'Before <script>window.hacked = true</script> after.',
  '',
  '<img src="x" onerror="window.hacked = true">',
  '',
  '[Run me](javascript:window.hacked=true) and [the vendor](https://example.com/guide).',
].join('\n');

describe('an article’s Markdown (help-markdown.tsx)', () => {
  it('shows HTML written in it as text, drops unsafe links, and opens outside links in a new tab', () => {
    const { container } = renderWithApp(
      <MemoryRouter>
        <HelpMarkdown markdown={hostile} />
      </MemoryRouter>,
    );
    expect(container.querySelector('script, img, [onerror]')).toBeNull();
    expect(container.textContent).toContain('<script>window.hacked = true</script>');
    expect(container.textContent).toContain('<img src="x" onerror="window.hacked = true">');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    // react-markdown's URL check empties a javascript: address: the words stay, the script does not.
    const unsafe = screen.getByText('Run me').closest('a');
    expect(unsafe?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    const outside = screen.getByRole('link', { name: 'the vendor (opens in a new tab)' });
    expect(outside.getAttribute('href')).toBe('https://example.com/guide');
    expect(outside.getAttribute('target')).toBe('_blank');
    expect(outside.getAttribute('rel')).toBe('noopener noreferrer');
  });
});

describe('the articles in the repo (articles/<locale>/<slug>.md)', () => {
  it.each(['en-us', 'sv', 'es'] as const)(
    'exist for every slug in %s, titled, with sections and no HTML',
    async (locale) => {
      const articles = await loadHelpArticles(locale);
      expect(articles.map((article) => article.slug)).toEqual([...helpArticleSlugs]);
      for (const article of articles) {
        expect(article.title, article.slug).not.toBe('');
        expect(article.body, article.slug).toMatch(/^## /m);
        expect(article.body, article.slug).not.toMatch(/<[a-z/!]/i);
      }
      // Each language has its own text, not the default's copy.
      if (locale !== 'en-us') {
        const english = await loadHelpArticles('en-us');
        for (const [index, article] of articles.entries()) expect(article.body).not.toBe(english[index]?.body);
      }
    },
  );
});
