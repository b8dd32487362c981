import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AccountUser } from '@signlink/contracts/accounts/users';
import { useTranslation } from 'react-i18next';
import type { AccountsApi } from '../../../api/accounts-api.ts';
import { useDialogs } from '../../../components/dialogs/dialogs-context.tsx';
import { RoleSelect, useRoleLabel } from '../../../components/users/role-select.tsx';

/** The account's members: each one's role can change, and anyone but the caller can be removed (after a yes). */
export function MemberList({
  users,
  api,
  act,
}: {
  users: AccountUser[];
  api: AccountsApi;
  act: (change: () => Promise<unknown>, notice: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const roleLabel = useRoleLabel();

  const remove = async (user: AccountUser) => {
    const isSure = await dialogs.confirm({
      title: t('users.remove.title'),
      message: t('users.remove.message', { name: user.Name }),
      yesLabel: t('users.remove.confirm'),
      noLabel: t('common.cancel'),
    });
    if (isSure) await act(() => api.removeUser(user.UserId), t('users.remove.done', { name: user.Name }));
  };

  return (
    <section aria-labelledby="members-heading">
      <Typography id="members-heading" variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 1 }}>
        {t('users.members', { count: users.length })}
      </Typography>
      <Paper variant="outlined">
        <List disablePadding aria-labelledby="members-heading">
          {users.map((user, index) => (
            <ListItem key={user.UserId} divider={index < users.length - 1} sx={{ flexWrap: 'wrap', gap: 1.5, py: 1.5 }}>
              <ListItemText
                primary={user.IsYou ? t('users.you', { name: user.Name }) : user.Name}
                secondary={user.Email ?? '—'}
                sx={{ flex: '1 1 220px', minWidth: 0 }}
                slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
              />
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <RoleSelect
                  size="small"
                  label={t('users.roleOf', { name: user.Name })}
                  value={user.Role}
                  onChange={(role) =>
                    void act(
                      () => api.changeRole(user.UserId, role),
                      t('users.roleChanged', { name: user.Name, role: roleLabel(role) }),
                    )
                  }
                />
                {!user.IsYou && (
                  <Button
                    color="error"
                    onClick={() => void remove(user)}
                    aria-label={t('users.remove.for', { name: user.Name })}
                  >
                    {t('users.remove.button')}
                  </Button>
                )}
              </Stack>
            </ListItem>
          ))}
        </List>
      </Paper>
    </section>
  );
}
