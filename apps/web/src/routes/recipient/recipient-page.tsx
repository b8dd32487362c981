import { messageKeyOf } from '@signlink/contracts/errors/error-codes';
import type { ZLinkDetails } from '@signlink/contracts/links/link-details';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiQuery } from '../../api/api-context.tsx';
import type { Parsed } from '../../api/auth-api.ts';
import { ErrorPage } from '../../components/full-page/error-page.tsx';
import { FullPageMessage, PageSymbol } from '../../components/full-page/full-page-message.tsx';
import { LoadingPage } from '../../components/full-page/loading-page.tsx';
import { PageLayout } from '../../components/layout/page-layout.tsx';
import { linkIdParam } from '../../lib/entry-redirect.ts';
import { normaliseLinkId } from '../../lib/link-id.ts';

type LinkDetails = Parsed<typeof ZLinkDetails>;

/**
 * The recipient's document view (route `/`), the page most people see, so its chunk stays small: no editor, no
 * account code. It loads the link's details first (SPEC section 4): a recalled link (410) says so in its title, an
 * unknown one is an incorrect link. Issue 8 adds the gate and the viewer; until then it names the document.
 */
export function RecipientPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const linkId = normaliseLinkId(params.get(linkIdParam));
  const details = useApiQuery<LinkDetails>(
    `linktinker/links/${encodeURIComponent(linkId ?? '')}`,
    { auth: 'client', silent: true },
    { enabled: Boolean(linkId), retry: false },
  );
  if (!linkId) return <ErrorPage messageKey={messageKeyOf('INVALID_LINK')} />;
  if (details.error) {
    const isRecalled = details.error.status === 410;
    return (
      <ErrorPage
        titleKey={isRecalled ? 'app:recipient.recalledTitle' : undefined}
        messageKey={isRecalled ? messageKeyOf('LINK_RECALLED') : messageKeyOf('INVALID_LINK')}
        requestId={details.error.requestId}
      />
    );
  }
  if (!details.data) return <LoadingPage />;
  return (
    <PageLayout>
      <FullPageMessage visual={<PageSymbol>✎</PageSymbol>} title={details.data.LinkName}>
        {t('recipient.placeholder', { linkId })}
      </FullPageMessage>
    </PageLayout>
  );
}
