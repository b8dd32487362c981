import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DocumentListPage } from '../../components/documents/document-list-page.tsx';
import { sentStatuses } from '../../lib/sent-statuses.ts';

/** /archived: documents put away from Sent; "restore" brings one back. */
export function ArchivedPage() {
  const { t } = useTranslation();
  return (
    <DocumentListPage
      box="archived"
      title={t('routes.archived')}
      intro={t('documents.archived.intro')}
      statuses={[...sentStatuses, 'submitted']}
      empty={<Typography>{t('documents.archived.empty')}</Typography>}
    />
  );
}
