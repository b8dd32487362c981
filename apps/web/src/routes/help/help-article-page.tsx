import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { FormError } from '../../components/forms/form-error.tsx';
import { isHelpArticleSlug } from '../../components/help/help-article-slugs.ts';
import { PageLayout } from '../../components/layout/page-layout.tsx';
import { HelpMarkdown } from './help-markdown.tsx';
import { useHelpArticles } from './use-help-articles.ts';

/** `?section=<heading id>` (help-markdown.tsx) brings that heading into view once the article is drawn. */
function useScrollToSection(isShown: boolean) {
  const [searchParams] = useSearchParams();
  const section = searchParams.get('section');
  useEffect(() => {
    if (isShown && section) document.getElementById(section)?.scrollIntoView?.();
  }, [isShown, section]);
}

/** /help/:slug: one article in the language shown, with the way back to the list. */
export function HelpArticlePage() {
  const { t } = useTranslation();
  const { slug } = useParams();
  const articles = useHelpArticles();
  const article = isHelpArticleSlug(slug) ? articles.data?.find((candidate) => candidate.slug === slug) : undefined;
  const isUnknown = !isHelpArticleSlug(slug);
  useScrollToSection(article !== undefined);

  return (
    <PageLayout>
      <Box
        component="article"
        sx={{ width: '100%', maxWidth: 820, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 4 } }}
      >
        <Link component={RouterLink} to="/help" sx={{ display: 'inline-block', mb: 2 }}>
          {t('help.back')}
        </Link>
        {isUnknown ? (
          <>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, mb: 1 }}>
              {t('help.notFound.title')}
            </Typography>
            <Typography>{t('help.notFound.message')}</Typography>
          </>
        ) : article ? (
          <>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, mb: 2 }}>
              {article.title}
            </Typography>
            <HelpMarkdown markdown={article.body} />
          </>
        ) : (
          <>
            {articles.isPending && <CircularProgress aria-label={t('help.loading')} />}
            <FormError error={articles.error ?? undefined} />
          </>
        )}
      </Box>
    </PageLayout>
  );
}
