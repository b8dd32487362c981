import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DocumentListPage } from '../../components/documents/document-list-page.tsx';
import { sentStatuses } from '../../lib/sent-statuses.ts';

/** /sent (SPEC section 2: sent list with filters, sort, search and per-document actions). */
export function SentPage() {
  const { t } = useTranslation();
  return (
    <DocumentListPage
      box="sent"
      title={t('routes.sent')}
      intro={t('documents.sent.intro')}
      statuses={sentStatuses}
      empty={
        <>
          <Typography sx={{ mb: 2 }}>{t('documents.sent.empty')}</Typography>
          <Button variant="outlined" component={RouterLink} to="/create">
            {t('nav.newDocument')}
          </Button>
        </>
      }
    />
  );
}
