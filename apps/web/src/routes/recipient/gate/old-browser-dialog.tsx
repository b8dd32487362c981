import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messageKeyOf } from '@signlink/contracts/errors/error-codes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog.tsx';
import type { DownloadState } from './gate-machine.ts';

export interface OldBrowserDialogProps {
  download: DownloadState;
  /** Set when the plain PDF is offered (AllowAlternativeDownload on a link without a gate). */
  downloadUrl?: string;
  onDownload: () => void;
  /** Language and privacy information: the dialog hides the page header that holds them. */
  footer?: ReactNode;
}

/**
 * SPEC section 4's old-browser dialog (states loading, start, done, error): Internet Explorer cannot run the viewer,
 * so it is told to use another browser and, where allowed, offered the plain PDF. A failed download is the
 * catalogue's unexpected error (SPEC section 8).
 */
export function OldBrowserDialog({ download, downloadUrl, onDownload, footer }: OldBrowserDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog title={t('recipient.oldBrowser.title')} isFullScreenOnPhone>
      <Stack spacing={2}>
        <Typography>{t('recipient.oldBrowser.message')}</Typography>
        {download === 'loading' && (
          <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center' }}>
            <CircularProgress size={20} />
            <Typography color="text.secondary">{t('recipient.oldBrowser.preparing')}</Typography>
          </Stack>
        )}
        {download === 'start' && downloadUrl && (
          <>
            <Typography color="text.secondary">{t('recipient.oldBrowser.downloadHint')}</Typography>
            <Button
              variant="contained"
              href={downloadUrl}
              download
              onClick={onDownload}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('recipient.oldBrowser.download')}
            </Button>
          </>
        )}
        {download === 'start' && !downloadUrl && (
          <Typography color="text.secondary">{t('browsers.oldBrowser.noDownload')}</Typography>
        )}
        {download === 'done' && <Alert severity="success">{t('recipient.oldBrowser.downloaded')}</Alert>}
        {download === 'error' && <Alert severity="error">{t(messageKeyOf('UNEXPECTED_ERROR'))}</Alert>}
      </Stack>
      {footer}
    </AppDialog>
  );
}
