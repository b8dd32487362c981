import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useBrand } from '../../brand/brand-context.tsx';
import { FullPageMessage, PageSymbol } from '../../components/full-page/full-page-message.tsx';
import { PageLayout } from '../../components/layout/page-layout.tsx';
import { useRouteTitle } from '../use-route-title.ts';

/** Stands in for a screen a later issue builds (route-table.ts says which), naming what it will be. */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const title = useRouteTitle() ?? brand.name;
  const { pathname } = useLocation();
  return (
    <PageLayout>
      <FullPageMessage
        visual={<PageSymbol>…</PageSymbol>}
        title={title}
        actions={
          pathname !== brand.homeRoute && (
            <Button component={RouterLink} to={brand.homeRoute} variant="outlined">
              {t('common.goHome')}
            </Button>
          )
        }
      >
        {t('placeholder.message', { screen: title })}
      </FullPageMessage>
    </PageLayout>
  );
}
