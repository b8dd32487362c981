import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useBrand } from '../../brand/brand-context.tsx';
import { FullPageMessage, PageSymbol } from '../../components/full-page/full-page-message.tsx';
import { PageLayout } from '../../components/layout/page-layout.tsx';

/** SPEC section 2: any path that is not a route. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <PageLayout>
      <FullPageMessage
        visual={<PageSymbol>?</PageSymbol>}
        title={t('notFound.title')}
        actions={
          <Button component={RouterLink} to={brand.homeRoute} variant="contained">
            {t('common.goHome')}
          </Button>
        }
      >
        {t('notFound.message')}
      </FullPageMessage>
    </PageLayout>
  );
}
