import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../brand/brand-context.tsx';

/**
 * The tab's title for the screen shown, "Sent – Signlink" (WCAG 2.4.2): the page's name in the language shown, then
 * the brand's. Without a page name, the brand's name alone (as the page starts, apply-brand-to-document.ts).
 */
export function useDocumentTitle(pageName: string | null): void {
  const { t } = useTranslation();
  const brand = useBrand();
  const title = pageName ? t('a11y.pageTitle', { page: pageName, brandName: brand.name }) : brand.name;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
