import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import { messageKeyOf } from '@signlink/contracts/errors/error-codes';
import { useTranslation } from 'react-i18next';
import { AppDialog } from './app-dialog.tsx';

/** The hash route of the login screen; the dialog host lives outside the router, so it navigates by hash. */
const loginHash = '#/login';

/** SPEC section 8, "logged out: please log in", shown after a 401 on an authenticated call. */
export function LoggedOutDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const logIn = () => {
    onClose();
    window.location.hash = loginHash;
  };
  return (
    <AppDialog
      title={t('dialogs.loggedOut.title')}
      onClose={onClose}
      actions={
        <Button variant="contained" onClick={logIn} autoFocus>
          {t('common.logIn')}
        </Button>
      }
    >
      <DialogContentText>{t(messageKeyOf('UNAUTHENTICATED'))}</DialogContentText>
    </AppDialog>
  );
}
