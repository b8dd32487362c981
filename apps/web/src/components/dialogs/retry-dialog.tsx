import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../api/api-error.ts';
import { AppDialog } from './app-dialog.tsx';
import { RequestIdNote } from './error-dialog.tsx';

/** SPEC section 8, "server error with try again or cancel". */
export function RetryDialog({ error, onAnswer }: { error: ApiError; onAnswer: (tryAgain: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <AppDialog
      title={t('dialogs.retry.title')}
      onClose={() => onAnswer(false)}
      actions={
        <>
          <Button onClick={() => onAnswer(false)}>{t('common.cancel')}</Button>
          <Button variant="contained" onClick={() => onAnswer(true)} autoFocus>
            {t('common.tryAgain')}
          </Button>
        </>
      }
    >
      <DialogContentText>{t(error.messageKey)}</DialogContentText>
      <RequestIdNote requestId={error.requestId} />
    </AppDialog>
  );
}
