/**
 * The help centre's articles in the order it lists them (routes/help/articles/<locale>/<slug>.md). Here, beside the
 * help links of the screens they explain, so those links name only articles that exist.
 */
export const helpArticleSlugs = ['logging-in', 'sending', 'signing-methods', 'bankid', 'billing', 'api'] as const;
export type HelpArticleSlug = (typeof helpArticleSlugs)[number];

export function isHelpArticleSlug(value: string | undefined): value is HelpArticleSlug {
  return (helpArticleSlugs as readonly (string | undefined)[]).includes(value);
}
