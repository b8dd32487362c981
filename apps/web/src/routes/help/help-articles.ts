import { defaultLocale, type Locale } from '@signlink/contracts/locales';
import { type HelpArticleSlug, helpArticleSlugs } from '../../components/help/help-article-slugs.ts';

export interface HelpArticle {
  slug: HelpArticleSlug;
  /** The article's first `# ` heading. */
  title: string;
  /** The Markdown after that heading. */
  body: string;
}

// Lazy (eager: false), so an article's text reaches the browser only when the help centre asks for its language,
// and none of it grows the main bundle.
const articleFiles = import.meta.glob<string>('./articles/*/*.md', { query: '?raw', import: 'default' });

/** Splits a file into its title (the first line, `# Title`) and the rest. */
export function parseHelpArticle(slug: HelpArticleSlug, markdown: string): HelpArticle {
  const text = markdown.replace(/\r\n?/g, '\n');
  const match = /^#[ \t]+(.+)\n/.exec(text);
  if (!match?.[1]) throw new Error(`help article ${slug} does not start with a "# Title" line`);
  return { slug, title: match[1].trim(), body: text.slice(match[0].length).trim() };
}

/** The article's first paragraph as plain text, for the list: Markdown's emphasis, code and link marks dropped. */
export function summaryOf(article: HelpArticle): string {
  const paragraph = article.body.split(/\n\s*\n/).find((block) => !block.startsWith('#')) ?? '';
  return paragraph
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

async function loadArticle(locale: Locale, slug: HelpArticleSlug): Promise<HelpArticle> {
  // A language without its own version of an article shows the default language's rather than nothing.
  const load =
    articleFiles[`./articles/${locale}/${slug}.md`] ?? articleFiles[`./articles/${defaultLocale}/${slug}.md`];
  if (!load) throw new Error(`help article ${slug} is missing`);
  return parseHelpArticle(slug, await load());
}

/** Every article in one language, in the list's order (six small files, fetched side by side). */
export function loadHelpArticles(locale: Locale): Promise<HelpArticle[]> {
  return Promise.all(helpArticleSlugs.map((slug) => loadArticle(locale, slug)));
}
