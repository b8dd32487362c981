import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from './app-dialog.tsx';

export interface ErrorDialogOptions {
  title?: ReactNode;
  /** Full i18n key of the message, e.g. `errors:linkRecalled` (see messageKeyOf). */
  messageKey: string;
  /** The server's request id, shown small so support can find the log line. */
  requestId?: string | null;
}

/** Quotes the server's request id for support, in small print under a message. */
export function RequestIdNote({ requestId }: { requestId?: string | null }) {
  const { t } = useTranslation();
  if (!requestId) return null;
  return (
    <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 2, wordBreak: 'break-all' }}>
      {t('dialogs.requestId', { requestId })}
    </Typography>
  );
}

export function ErrorDialog({ title, messageKey, requestId, onClose }: ErrorDialogOptions & { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AppDialog
      title={title ?? t('dialogs.error.title')}
      onClose={onClose}
      actions={
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('common.ok')}
        </Button>
      }
    >
      <DialogContentText>{t(messageKey)}</DialogContentText>
      <RequestIdNote requestId={requestId} />
    </AppDialog>
  );
}
