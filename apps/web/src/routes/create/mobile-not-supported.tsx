import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FullPageMessage, PageSymbol } from '../../components/full-page/full-page-message.tsx';

/** What a phone gets instead of the upload screen and the editor (SPEC section 2, the catalogue's text). */
export function MobileNotSupported() {
  const { t } = useTranslation();
  return (
    <FullPageMessage
      visual={<PageSymbol>▭</PageSymbol>}
      title={t('create.mobileTitle')}
      actions={
        <Button component={RouterLink} to="/dashboard" variant="outlined">
          {t('create.toDashboard')}
        </Button>
      }
    >
      {t('errors:mobileNotSupported')}
    </FullPageMessage>
  );
}
