import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Markdown, { type Components } from 'react-markdown';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '../../lib/visually-hidden.ts';

/** The words of a heading as an id, "Price plans" → "price-plans", so `?section=price-plans` opens there. */
export function headingIdOf(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

interface HastLike {
  type: string;
  value?: string;
  children?: HastLike[];
}

function textOf(node: HastLike | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

/** A link in an article: the app's own routes (`#/help/bankid`) stay in this tab; anything else opens a new one. */
function ArticleLink({ href, children }: { href?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  if (href?.startsWith('#/')) {
    return (
      <Link component={RouterLink} to={href.slice(1)}>
        {children}
      </Link>
    );
  }
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <Box component="span" sx={visuallyHidden}>
        {` ${t('help.opensInNewTab')}`}
      </Box>
    </Link>
  );
}

// The page's own title is the one h1 (WCAG 1.3.1), so an article's headings start at h2.
const components: Components = {
  h1: ({ node, children }) => (
    <Typography variant="h5" component="h2" id={headingIdOf(textOf(node))} sx={{ mt: 4, mb: 1 }}>
      {children}
    </Typography>
  ),
  h2: ({ node, children }) => (
    <Typography variant="h5" component="h2" id={headingIdOf(textOf(node))} sx={{ mt: 4, mb: 1 }}>
      {children}
    </Typography>
  ),
  h3: ({ node, children }) => (
    <Typography variant="h6" component="h3" id={headingIdOf(textOf(node))} sx={{ mt: 3, mb: 1 }}>
      {children}
    </Typography>
  ),
  p: ({ children }) => <Typography sx={{ mb: 1.5, lineHeight: 1.7 }}>{children}</Typography>,
  a: ({ href, children }) => <ArticleLink href={href}>{children}</ArticleLink>,
  code: ({ children }) => (
    <Box component="code" sx={{ fontFamily: 'monospace', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 }}>
      {children}
    </Box>
  ),
};

/**
 * An article's Markdown as React elements: react-markdown builds the elements itself and, with no rehype-raw,
 * turns any HTML written in the text into plain text, so nothing in an article reaches the page as markup.
 * Unsafe link schemes (javascript:) are dropped by its default URL check.
 */
export function HelpMarkdown({ markdown }: { markdown: string }) {
  return (
    <Box sx={{ '& ul, & ol': { pl: 3, mb: 1.5 }, '& li': { mb: 0.5 } }}>
      <Markdown components={components}>{markdown}</Markdown>
    </Box>
  );
}
