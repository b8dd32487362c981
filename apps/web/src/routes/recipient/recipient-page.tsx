import { messageKeyOf } from '@signlink/contracts/errors/error-codes';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorPage } from '../../components/full-page/error-page.tsx';
import { FullPageMessage, PageSymbol } from '../../components/full-page/full-page-message.tsx';
import { PageLayout } from '../../components/layout/page-layout.tsx';
import { linkIdParam } from '../../lib/entry-redirect.ts';
import { normaliseLinkId } from '../../lib/link-id.ts';

/**
 * The recipient's document view (route `/`), the page most people see, so its chunk stays small: no editor, no
 * account code. Issue 8 fills it (gate, viewer); for now it names the document it will open.
 */
export function RecipientPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const linkId = normaliseLinkId(params.get(linkIdParam));
  if (!linkId) return <ErrorPage messageKey={messageKeyOf('INVALID_LINK')} />;
  return (
    <PageLayout>
      <FullPageMessage visual={<PageSymbol>✎</PageSymbol>} title={t('routes.documentView')}>
        {t('recipient.placeholder', { linkId })}
      </FullPageMessage>
    </PageLayout>
  );
}
