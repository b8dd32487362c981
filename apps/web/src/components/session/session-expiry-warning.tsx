import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../api/session-context.tsx';
import { AppDialog } from '../dialogs/app-dialog.tsx';

/** The login screen's hash: this dialog lives beside the router (app-providers.tsx), so it navigates by hash. */
const loginHash = '#/login';

/** The warning itself: the time left, and staying signed in or logging out (session-expiry-dialog.tsx). */
export function ExpiryWarning({ expiresAt }: { expiresAt: number }) {
  const { t } = useTranslation();
  const session = useSession();
  const secondsLeft = useSecondsUntil(expiresAt);
  const [isProcessing, setIsProcessing] = useState(false);

  const staySignedIn = async () => {
    setIsProcessing(true);
    try {
      await session.staySignedIn();
    } catch {
      // The API client has told the person (an error dialog, or the logged-out dialog after a 401).
    } finally {
      setIsProcessing(false);
    }
  };
  const logOut = async () => {
    setIsProcessing(true);
    await session.logout();
    window.location.hash = loginHash;
  };

  return (
    <AppDialog
      title={t('session.expiring.title')}
      actions={
        <>
          <Button color="inherit" onClick={() => void logOut()} disabled={isProcessing}>
            {t('session.logOut')}
          </Button>
          <Button variant="contained" onClick={() => void staySignedIn()} disabled={isProcessing} autoFocus>
            {t('session.expiring.staySignedIn')}
          </Button>
        </>
      }
    >
      <DialogContentText>
        {t('session.expiring.message', { time: formatMinutesSeconds(secondsLeft) })}
      </DialogContentText>
    </AppDialog>
  );
}

/** Whole seconds until `at`, ticking once a second. */
function useSecondsUntil(at: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** 4:59, 0:05: a countdown reads the same in the three languages. */
export function formatMinutesSeconds(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
