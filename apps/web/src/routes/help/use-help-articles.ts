import { matchLocale } from '@signlink/contracts/locales';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { loadHelpArticles } from './help-articles.ts';

/** The articles in the language shown, fetched once per language and kept: they change only with a new build. */
export function useHelpArticles() {
  const { i18n } = useTranslation();
  const locale = matchLocale(i18n.language);
  return useQuery({
    queryKey: ['help-articles', locale],
    queryFn: () => loadHelpArticles(locale),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
