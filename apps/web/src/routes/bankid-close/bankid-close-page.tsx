import { useTranslation } from 'react-i18next';
import { FullPageMessage, PageSymbol } from '../../components/full-page/full-page-message.tsx';
import { PageLayout } from '../../components/layout/page-layout.tsx';

/**
 * /bankidclose (SPEC section 2): where the BankID app sends its browser back when the identification started on
 * another device. Nothing happens here; the person returns to where they began.
 */
export function BankIdClosePage() {
  const { t } = useTranslation();
  return (
    <PageLayout>
      <FullPageMessage visual={<PageSymbol>✓</PageSymbol>} title={t('bankIdClose.title')}>
        {t('bankIdClose.message')}
      </FullPageMessage>
    </PageLayout>
  );
}
