import { useTranslation } from 'react-i18next';
import { PageLayout } from '../layout/page-layout.tsx';
import { FullPageMessage, PageSymbol } from './full-page-message.tsx';

/** SPEC section 2: after the document is unloaded, the visitor is told the window can be closed. */
export function ClosedPage({ ownerLogoUrl }: { ownerLogoUrl?: string | null }) {
  const { t } = useTranslation();
  return (
    <PageLayout ownerLogoUrl={ownerLogoUrl}>
      <FullPageMessage visual={<PageSymbol>✓</PageSymbol>} title={t('states.closed.title')}>
        {t('states.closed.message')}
      </FullPageMessage>
    </PageLayout>
  );
}
