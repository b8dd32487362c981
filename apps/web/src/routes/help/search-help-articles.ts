import type { HelpArticle } from './help-articles.ts';

/**
 * Lower case without accents or Markdown punctuation, so "bankid" finds "BankID", "facturacion" finds
 * "Facturación" and "aterstall" finds "Återställ": what someone types in a hurry, in any of the three languages.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\]\([^)]*\)/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The articles holding every word of the query (in their title or their text), titles' matches first; an empty
 * query lists them all. Six short articles a language need no index: a scan is instant.
 */
export function searchHelpArticles(articles: readonly HelpArticle[], query: string): HelpArticle[] {
  const words = foldForSearch(query).split(' ').filter(Boolean);
  if (words.length === 0) return [...articles];
  const scored = articles.flatMap((article) => {
    const title = foldForSearch(article.title);
    const text = `${title} ${foldForSearch(article.body)}`;
    if (!words.every((word) => text.includes(word))) return [];
    const titleHits = words.filter((word) => title.includes(word)).length;
    return [{ article, titleHits }];
  });
  // Array.prototype.sort is stable, so articles as good as each other keep the list's order.
  return scored.sort((a, b) => b.titleHits - a.titleHits).map(({ article }) => article);
}
