import { useTranslation } from 'react-i18next';
import { PageLayout } from '../layout/page-layout.tsx';
import { FullPageMessage, PageSymbol } from './full-page-message.tsx';

export interface MaintenancePageProps {
  /** The maintenance item's own title and text for the current language (SPEC section 3), when it has them. */
  title?: string;
  description?: string;
}

/** SPEC section 4: maintenance blocks the app; this page is all that shows while it lasts. */
export function MaintenancePage({ title, description }: MaintenancePageProps) {
  const { t } = useTranslation();
  return (
    <PageLayout>
      <FullPageMessage
        visual={<PageSymbol tone="warning">!</PageSymbol>}
        title={title || t('states.maintenance.title')}
      >
        {description || t('states.maintenance.message')}
      </FullPageMessage>
    </PageLayout>
  );
}
