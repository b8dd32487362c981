import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DocumentListPage } from '../../components/documents/document-list-page.tsx';
import { SubInboxFilter } from './sub-inbox-filter.tsx';

/**
 * /inbox: what people submit through the account's public links, one sub-inbox per link, searchable by the values
 * filled in their forms as well as by names and titles.
 */
export function InboxPage() {
  const { t } = useTranslation();
  return (
    <DocumentListPage
      box="inbox"
      title={t('routes.inbox')}
      intro={t('documents.inbox.intro')}
      statuses={['submitted', 'processing', 'signed', 'error', 'withdrawn']}
      searchLabel={t('publicLinks.inbox.search')}
      extraFilter={<SubInboxFilter />}
      empty={
        <>
          <Typography sx={{ fontWeight: 600, mb: 1 }}>{t('documents.inbox.emptyTitle')}</Typography>
          <Typography color="text.secondary">{t('documents.inbox.empty')}</Typography>
        </>
      }
    />
  );
}
