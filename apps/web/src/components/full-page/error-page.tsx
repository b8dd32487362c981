import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../dialogs/app-dialog.tsx';
import { RequestIdNote } from '../dialogs/error-dialog.tsx';
import { PageLayout } from '../layout/page-layout.tsx';

export interface ErrorPageProps {
  /** Full i18n key of the title; defaults to a general "something went wrong". */
  titleKey?: string;
  /** Full i18n key of the message, e.g. `errors:invalidLink` (messageKeyOf). */
  messageKey: string;
  requestId?: string | null;
  ownerLogoUrl?: string | null;
  /** False for an answer a reload cannot change (a recalled link, a withdrawn document): the dialog offers nothing. */
  canReload?: boolean;
}

/**
 * SPEC section 2: an incorrect link or a viewer failure leaves an empty page with a dialog that cannot be dismissed;
 * reloading is the one way on (the catalogue's "reload or use another browser"), unless the owner's act is the
 * answer, which the page then simply states.
 */
export function ErrorPage({
  titleKey = 'app:states.error.title',
  messageKey,
  requestId,
  ownerLogoUrl,
  canReload = true,
}: ErrorPageProps) {
  const { t } = useTranslation();
  return (
    <PageLayout ownerLogoUrl={ownerLogoUrl}>
      <Box sx={{ flex: '1 0 auto' }} />
      <AppDialog
        title={t(titleKey)}
        actions={
          canReload && (
            <Button variant="contained" onClick={() => window.location.reload()}>
              {t('common.reload')}
            </Button>
          )
        }
      >
        <DialogContentText>{t(messageKey)}</DialogContentText>
        <RequestIdNote requestId={requestId} />
      </AppDialog>
    </PageLayout>
  );
}
