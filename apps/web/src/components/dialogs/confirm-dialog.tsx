import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from './app-dialog.tsx';

export interface ConfirmOptions {
  title: ReactNode;
  message: ReactNode;
  yesLabel?: ReactNode;
  noLabel?: ReactNode;
}

/** Yes/no question; closing it any other way counts as no. */
export function ConfirmDialog({
  title,
  message,
  yesLabel,
  noLabel,
  onAnswer,
}: ConfirmOptions & { onAnswer: (yes: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <AppDialog
      title={title}
      onClose={() => onAnswer(false)}
      actions={
        <>
          <Button onClick={() => onAnswer(false)}>{noLabel ?? t('common.no')}</Button>
          <Button variant="contained" onClick={() => onAnswer(true)} autoFocus>
            {yesLabel ?? t('common.yes')}
          </Button>
        </>
      }
    >
      <DialogContentText component="div">{message}</DialogContentText>
    </AppDialog>
  );
}
