import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useBrand } from '../../brand/brand-context.tsx';
import { FormError } from '../../components/forms/form-error.tsx';
import { PageLayout } from '../../components/layout/page-layout.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { summaryOf } from './help-articles.ts';
import { searchHelpArticles } from './search-help-articles.ts';
import { useHelpArticles } from './use-help-articles.ts';

/** A pause in typing before the count is read out, so a screen reader is not interrupted at every letter. */
const announceDelayMs = 500;

/**
 * /help (SPEC section 2, "Help centre"; open signed out too): the articles in the language shown, and a search of
 * their titles and texts that narrows the list as the person types.
 */
export function HelpCentrePage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const articles = useHelpArticles();
  const [query, setQuery] = useState('');
  const found = useMemo(() => searchHelpArticles(articles.data ?? [], query), [articles.data, query]);
  const announcedQuery = useDebouncedValue(query, announceDelayMs);
  const announced = useMemo(
    () => searchHelpArticles(articles.data ?? [], announcedQuery).length,
    [articles.data, announcedQuery],
  );

  return (
    <PageLayout>
      <Box sx={{ width: '100%', maxWidth: 820, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 4 } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, mb: 1 }}>
          {t('help.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('help.intro', { brandName: brand.name })}
        </Typography>
        <TextField
          type="search"
          label={t('help.search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          fullWidth
          slotProps={{ htmlInput: { autoComplete: 'off' } }}
        />
        {/* Polite: read after what the person is typing, once they pause. */}
        <Typography role="status" variant="body2" color="text.secondary" sx={{ mt: 1, minHeight: '1.5em' }}>
          {articles.data && announcedQuery.trim() ? t('help.found', { count: announced }) : ''}
        </Typography>
        {articles.isPending && <CircularProgress aria-label={t('help.loading')} sx={{ mt: 2 }} />}
        <FormError error={articles.error ?? undefined} />
        {articles.data && found.length === 0 && <Typography sx={{ mt: 2 }}>{t('help.noResults')}</Typography>}
        {found.length > 0 && (
          <List aria-label={t('help.articles')}>
            {found.map((article) => (
              <ListItem key={article.slug} disablePadding>
                <ListItemButton component={RouterLink} to={`/help/${article.slug}`} sx={{ borderRadius: 1 }}>
                  <ListItemText
                    primary={article.title}
                    secondary={summaryOf(article)}
                    slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Box>
    </PageLayout>
  );
}
