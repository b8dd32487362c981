import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { CustomerInvitation } from '@signlink/contracts/accounts/customer-invitations';
import { formatOrgNumber } from '@signlink/contracts/validation/org-number';
import { useTranslation } from 'react-i18next';
import type { AccountsApi } from '../../../api/accounts-api.ts';
import { useDialogs } from '../../../components/dialogs/dialogs-context.tsx';
import { formatListDate, PendingInvitationActions } from '../users/pending-invitation-actions.tsx';

const statusColour = { pending: 'warning', accepted: 'success', cancelled: 'default' } as const;

/**
 * The partner's customer invitations, newest first: pending ones can be sent again (at most once an hour, the server
 * says 429 sooner) or revoked after a yes; accepted ones name the account the customer opened.
 */
export function CustomerInvitationList({
  invitations,
  api,
  act,
}: {
  invitations: CustomerInvitation[];
  api: AccountsApi;
  act: (change: () => Promise<unknown>, notice: string) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const dialogs = useDialogs();
  const dateOf = (iso: string) => formatListDate(iso, i18n.language);

  const revoke = async (invitation: CustomerInvitation) => {
    const isSure = await dialogs.confirm({
      title: t('customers.revoke.title'),
      message: t('customers.revoke.message', { email: invitation.Email }),
      yesLabel: t('customers.revoke.confirm'),
      noLabel: t('common.cancel'),
    });
    if (isSure) {
      await act(() => api.revokeInvitation(invitation.Id), t('users.invitations.revoked', { email: invitation.Email }));
    }
  };

  const describe = (invitation: CustomerInvitation) => {
    const what =
      invitation.Kind === 'company' && invitation.OrgNumber
        ? t('customers.list.company', { orgNumber: formatOrgNumber(invitation.OrgNumber) })
        : t('customers.kinds.personal');
    const when =
      invitation.Status === 'pending'
        ? t('customers.list.sent', { date: dateOf(invitation.RemindedAt ?? invitation.CreatedAt) })
        : invitation.Status === 'accepted'
          ? t('customers.list.opened', {
              account: invitation.CreatedAccountName ?? '',
              date: dateOf(invitation.DecidedAt ?? invitation.CreatedAt),
            })
          : t('customers.list.revokedOn', { date: dateOf(invitation.DecidedAt ?? invitation.CreatedAt) });
    return `${what} · ${invitation.Email} · ${when}`;
  };

  return (
    <section aria-labelledby="customer-invitations-heading">
      <Typography id="customer-invitations-heading" variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 1 }}>
        {t('customers.list.heading')}
      </Typography>
      {invitations.length === 0 ? (
        <Typography color="text.secondary">{t('customers.list.none')}</Typography>
      ) : (
        <Paper variant="outlined">
          <List disablePadding aria-labelledby="customer-invitations-heading">
            {invitations.map((invitation, index) => (
              <ListItem
                key={invitation.Id}
                divider={index < invitations.length - 1}
                sx={{ flexWrap: 'wrap', gap: 1.5, py: 1.5 }}
              >
                <ListItemText
                  primary={invitation.Name ?? invitation.Email}
                  secondary={describe(invitation)}
                  sx={{ flex: '1 1 260px', minWidth: 0 }}
                  slotProps={{
                    primary: { sx: { overflowWrap: 'anywhere' } },
                    secondary: { sx: { overflowWrap: 'anywhere' } },
                  }}
                />
                <Chip
                  size="small"
                  color={statusColour[invitation.Status]}
                  variant="outlined"
                  label={t(`customers.status.${invitation.Status}`)}
                />
                {invitation.Status === 'pending' && (
                  <PendingInvitationActions
                    email={invitation.Email}
                    onRemind={() =>
                      void act(
                        () => api.remindInvitation(invitation.Id),
                        t('users.invitations.reminded', { email: invitation.Email }),
                      )
                    }
                    onRevoke={() => void revoke(invitation)}
                  />
                )}
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </section>
  );
}
