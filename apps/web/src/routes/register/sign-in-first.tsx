import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { useSession } from '../../api/session-context.tsx';
import { rememberReturnTo } from '../../lib/return-to.ts';

/** Someone not signed in logs in or creates an account, and comes back to the invitation (lib/return-to.ts). */
export function SignInFirst({ invitationId }: { invitationId: string }) {
  const { t } = useTranslation();
  const comeBack = () => rememberReturnTo(`/register/${invitationId}`);
  return (
    <>
      <Typography color="text.secondary">{t('invitation.signInFirst')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button component={RouterLink} to="/login" variant="contained" onClick={comeBack} sx={{ flex: 1 }}>
          {t('common.logIn')}
        </Button>
        <Button component={RouterLink} to="/createaccount" variant="outlined" onClick={comeBack} sx={{ flex: 1 }}>
          {t('routes.createAccount')}
        </Button>
      </Stack>
    </>
  );
}

/** A person signed in with another address than the invited one logs out, and returns here after the next login. */
export function SwitchUserButton({ invitationId }: { invitationId: string }) {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <Button
      onClick={() => {
        rememberReturnTo(`/register/${invitationId}`);
        void session.logout();
      }}
    >
      {t('invitation.switchUser')}
    </Button>
  );
}

/** The server's refusal of a person whose address is not the invited one (invitation.policy.ts). */
export function isForAnotherEmail(failure: unknown): boolean {
  return (
    failure instanceof ApiError &&
    failure.code === 'FORBIDDEN' &&
    (failure.details as { reason?: string } | undefined)?.reason === 'invitation-for-another-email'
  );
}
