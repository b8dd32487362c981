import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Invitation } from '@signlink/contracts/accounts/users';
import { useTranslation } from 'react-i18next';
import type { AccountsApi } from '../../../api/accounts-api.ts';
import { useRoleLabel } from '../../../components/users/role-select.tsx';
import { formatListDate, PendingInvitationActions } from './pending-invitation-actions.tsx';

/** Pending invitations into the account: send the e-mail again or revoke it at once. */
export function InvitationList({
  invitations,
  api,
  act,
}: {
  invitations: Invitation[];
  api: AccountsApi;
  act: (change: () => Promise<unknown>, notice: string) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const roleLabel = useRoleLabel();
  const pending = invitations.filter((invitation) => invitation.Status === 'pending');
  const dateOf = (iso: string) => formatListDate(iso, i18n.language);

  return (
    <section aria-labelledby="invitations-heading">
      <Typography id="invitations-heading" variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 1 }}>
        {t('users.invitations.heading')}
      </Typography>
      {pending.length === 0 ? (
        <Typography color="text.secondary">{t('users.invitations.none')}</Typography>
      ) : (
        <Paper variant="outlined">
          <List disablePadding aria-labelledby="invitations-heading">
            {pending.map((invitation, index) => (
              <ListItem
                key={invitation.Id}
                divider={index < pending.length - 1}
                sx={{ flexWrap: 'wrap', gap: 1.5, py: 1.5 }}
              >
                <ListItemText
                  primary={invitation.Email}
                  secondary={t('users.invitations.detail', {
                    role: roleLabel(invitation.Role),
                    date: dateOf(invitation.RemindedAt ?? invitation.CreatedAt),
                  })}
                  sx={{ flex: '1 1 220px', minWidth: 0 }}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
                <PendingInvitationActions
                  email={invitation.Email}
                  onRemind={() =>
                    void act(
                      () => api.remindInvitation(invitation.Id),
                      t('users.invitations.reminded', { email: invitation.Email }),
                    )
                  }
                  onRevoke={() =>
                    void act(
                      () => api.revokeInvitation(invitation.Id),
                      t('users.invitations.revoked', { email: invitation.Email }),
                    )
                  }
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </section>
  );
}
