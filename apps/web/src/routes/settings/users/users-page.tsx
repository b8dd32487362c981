import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { listAccountUsersRoute } from '@signlink/contracts/accounts/users.routes';
import type { AuthState } from '@signlink/contracts/auth/auth-state';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { accountQueryPaths, createAccountsApi } from '../../../api/accounts-api.ts';
import { useApiClient } from '../../../api/api-context.tsx';
import { useApiQuery } from '../../../api/use-api-query.ts';
import { FormError } from '../../../components/forms/form-error.tsx';
import { InviteUserDialog } from '../../../components/users/invite-user-dialog.tsx';
import { isAdministrator } from '../../../lib/account-roles.ts';
import { SettingsLayout } from '../settings-layout.tsx';
import { useListActions } from '../use-list-actions.tsx';
import { InvitationList } from './invitation-list.tsx';
import { MemberList } from './member-list.tsx';

/** /settings/users (SPEC section 6: only admins manage users). */
export function UsersPage() {
  const { t } = useTranslation();
  // The user menu's invite dialog comes here with the line that confirms its invitation (a new location: fresh state).
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  return (
    <SettingsLayout section="users" title={t('settings.title')}>
      {(auth) =>
        isAdministrator(auth) ? <UsersSettings key={location.key} auth={auth} notice={notice} /> : <NoAccess />
      }
    </SettingsLayout>
  );
}

function NoAccess() {
  const { t } = useTranslation();
  return (
    <Alert severity="info" role="status">
      {t('settings.users.noAccess')}
    </Alert>
  );
}

function UsersSettings({ auth, notice }: { auth: AuthState; notice: string | undefined }) {
  const { t } = useTranslation();
  const api = createAccountsApi(useApiClient());
  const [isInviteOpen, setIsInviteOpen] = useState(false);
  const users = useApiQuery(listAccountUsersRoute, {}, { silent: true }, { retry: false });
  const { act, feedback } = useListActions(accountQueryPaths.users, notice);

  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('settings.users.heading')}
        </Typography>
        <Button variant="contained" onClick={() => setIsInviteOpen(true)}>
          {t('users.invite.open')}
        </Button>
      </Stack>
      {feedback}
      {users.isPending && (
        <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress />
        </Box>
      )}
      {users.isError && <FormError error={users.error} />}
      {users.data && (
        <>
          <MemberList users={users.data.Users} api={api} act={act} />
          <InvitationList invitations={users.data.Invitations} api={api} act={act} />
        </>
      )}
      {isInviteOpen && (
        <InviteUserDialog
          onClose={() => setIsInviteOpen(false)}
          onInvited={(email) => {
            setIsInviteOpen(false);
            void act(async () => undefined, t('users.invite.sent', { email, company: auth.user.AccountName }));
          }}
        />
      )}
    </Stack>
  );
}
