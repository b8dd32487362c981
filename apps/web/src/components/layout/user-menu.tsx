import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { AuthState } from '@signlink/contracts/auth/auth-state';
import { roles } from '@signlink/contracts/auth/roles';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accountQueryPaths } from '../../api/accounts-api.ts';
import { customerInvitationsPath } from '../../api/customer-invitations-api.ts';
import { useSession } from '../../api/session-context.tsx';
import { forgetReturnTo } from '../../lib/return-to.ts';
import { visuallyHidden } from '../../lib/visually-hidden.ts';
import { useDialogs } from '../dialogs/dialogs-context.tsx';

// The wizards open from the menu now and then, so their code loads with them, not with every page's header.
const AddPersonalAccountDialog = lazy(() =>
  import('./add-personal-account-dialog.tsx').then((module) => ({ default: module.AddPersonalAccountDialog })),
);
const AddCompanyDialog = lazy(() =>
  import('../add-company/add-company-dialog.tsx').then((module) => ({ default: module.AddCompanyDialog })),
);
const AddCustomerDialog = lazy(() =>
  import('../add-customer/add-customer-dialog.tsx').then((module) => ({ default: module.AddCustomerDialog })),
);
const RedeemGiftCardDialog = lazy(() =>
  import('../billing/redeem-gift-card-dialog.tsx').then((module) => ({ default: module.RedeemGiftCardDialog })),
);
const InviteUserDialog = lazy(() =>
  import('../users/invite-user-dialog.tsx').then((module) => ({ default: module.InviteUserDialog })),
);

/** "Anna Andersson" → "AA"; one name gives one letter. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => part?.[0]?.toUpperCase() ?? '').join('');
}

/**
 * The signed-in user's menu in the header (SPEC section 2, menu; section 6, "logged-in users can switch accounts"):
 * who is signed in, the accounts to act for, and log out. Other issues add their items here.
 */
export function UserMenu({ auth }: { auth: AuthState }) {
  const { t } = useTranslation();
  const session = useSession();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isAddPersonalOpen, setIsAddPersonalOpen] = useState(false);
  const [isAddCompanyOpen, setIsAddCompanyOpen] = useState(false);
  const [isAddCustomerOpen, setIsAddCustomerOpen] = useState(false);
  const [isInviteUserOpen, setIsInviteUserOpen] = useState(false);
  const [isRedeemOpen, setIsRedeemOpen] = useState(false);
  // SPEC section 5: one personal account per user, so the item shows only while they have none.
  const hasPersonalAccount = auth.accounts.some((account) => account.Type === 'personal');
  const menuId = useId();
  const { user } = auth;
  // SPEC section 6: only admins manage users; a personal account is its owner's alone, so no one is invited to it.
  const canInviteUsers = user.Role === roles.administrator && user.AccountType !== 'personal';

  const switchTo = async (accountId: string, name: string) => {
    setAnchor(null);
    if (accountId === user.AccountId) return;
    // SPEC section 2's account-switching spinner: the person waits, and cannot act for either account meanwhile.
    const closeSpinner = dialogs.persistent({
      title: t('accountSwitch.title'),
      message: t('userMenu.switching', { name }),
      busy: true,
    });
    try {
      await session.switchAccount(accountId);
    } catch {
      // The API client showed "could not switch account" (SPEC section 8); the current account stays.
    } finally {
      closeSpinner();
    }
  };
  const goTo = (path: string) => {
    setAnchor(null);
    navigate(path);
  };
  const logOut = async () => {
    setAnchor(null);
    await session.logout();
    // Leaving on purpose: the next login starts from the dashboard, not from the screen left (require-account.tsx).
    forgetReturnTo();
    navigate('/login');
  };

  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ gap: 1, px: { xs: 0.5, sm: 1 }, minWidth: 0, textAlign: 'left', borderRadius: 2 }}
      >
        {/* Drawn in the header's own foreground colour, so it reads on the grey bar and on the coloured one. */}
        {/* WCAG 2.5.3: the name is the button's own text, "Account menu for Demo Admin", holding the name it shows;
            an aria-label beside the visible initials and account name would not hold them. Those are seen, and
            read in the menu, so they are hidden from the name. */}
        <Box component="span" sx={visuallyHidden}>
          {t('userMenu.open', { name: user.Name })}
        </Box>
        <Avatar
          aria-hidden
          sx={{
            width: 36,
            height: 36,
            fontSize: '0.875rem',
            fontWeight: 700,
            color: 'inherit',
            bgcolor: 'transparent',
            border: '2px solid currentColor',
          }}
        >
          {initialsOf(user.Name)}
        </Avatar>
        <Box aria-hidden sx={{ display: { xs: 'none', md: 'block' }, maxWidth: 200, lineHeight: 1.2 }}>
          <Typography component="span" sx={{ display: 'block', fontWeight: 600, fontSize: '0.875rem' }} noWrap>
            {user.Name}
          </Typography>
          <Typography component="span" sx={{ display: 'block', fontSize: '0.75rem', opacity: 0.8 }} noWrap>
            {user.AccountName}
          </Typography>
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 260, maxWidth: 'calc(100vw - 32px)' } } }}
      >
        <Box sx={{ px: 2, pt: 1, pb: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }} noWrap>
            {user.Name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.Email ?? user.PhoneNumber}
          </Typography>
        </Box>
        <Divider />
        {/* A menu holds menu items, not list items (WCAG 1.3.1): the heading is a plain block. */}
        <ListSubheader component="div" sx={{ lineHeight: '36px' }}>
          {t('userMenu.accounts')}
        </ListSubheader>
        {auth.accounts.map((account) => (
          <MenuItem
            key={account.AccountId}
            selected={account.AccountId === user.AccountId}
            aria-current={account.AccountId === user.AccountId ? 'true' : undefined}
            onClick={() => void switchTo(account.AccountId, account.Name)}
          >
            <ListItemText
              primary={account.Name}
              secondary={t(`userMenu.accountTypes.${account.Type}`)}
              slotProps={{ primary: { noWrap: true } }}
            />
          </MenuItem>
        ))}
        {!hasPersonalAccount && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setIsAddPersonalOpen(true);
            }}
          >
            {t('userMenu.addPersonalAccount')}
          </MenuItem>
        )}
        {/* SPEC sections 2 and 5: many company accounts per user, so every signed-in user may add one. */}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setIsAddCompanyOpen(true);
          }}
        >
          {t('userMenu.addCompany')}
        </MenuItem>
        {/* SPEC section 6: partners add customer accounts; their administrators invite them. */}
        {user.IsPartner && user.Role === roles.administrator && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setIsAddCustomerOpen(true);
            }}
          >
            {t('userMenu.addCustomer')}
          </MenuItem>
        )}
        {canInviteUsers && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setIsInviteUserOpen(true);
            }}
          >
            {t('users.invite.open')}
          </MenuItem>
        )}
        <Divider />
        {/* SPEC section 2's menu items Balance/billing, Price plan and Redeem gift card. */}
        <MenuItem onClick={() => goTo('/billing/balance')}>{t('userMenu.billing')}</MenuItem>
        <MenuItem onClick={() => goTo('/billing/price-plan')}>{t('userMenu.pricePlan')}</MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setIsRedeemOpen(true);
          }}
        >
          {t('userMenu.redeemGiftCard')}
        </MenuItem>
        <Divider />
        <MenuItem onClick={() => goTo('/settings/preferences')}>{t('userMenu.settings')}</MenuItem>
        <MenuItem onClick={() => goTo('/help')}>{t('help.menu')}</MenuItem>
        {/* SPEC section 6: only admins manage users, so only they see the item; a personal account has no users. */}
        {canInviteUsers && <MenuItem onClick={() => goTo('/settings/users')}>{t('userMenu.users')}</MenuItem>}
        <Divider />
        <MenuItem onClick={() => void logOut()}>{t('session.logOut')}</MenuItem>
      </Menu>
      <Suspense fallback={null}>
        {isAddPersonalOpen && (
          <AddPersonalAccountDialog initialEmail={user.Email ?? ''} onClose={() => setIsAddPersonalOpen(false)} />
        )}
        {isRedeemOpen && <RedeemGiftCardDialog onClose={() => setIsRedeemOpen(false)} />}
        {isAddCompanyOpen && <AddCompanyDialog onClose={() => setIsAddCompanyOpen(false)} />}
        {isInviteUserOpen && (
          <InviteUserDialog
            onClose={() => setIsInviteUserOpen(false)}
            onInvited={(email) => {
              setIsInviteUserOpen(false);
              // The invitation shows in the users settings, with remind and revoke.
              void queryClient.invalidateQueries({ queryKey: ['api', accountQueryPaths.users] });
              navigate('/settings/users', {
                state: { notice: t('users.invite.sent', { email, company: user.AccountName }) },
              });
            }}
          />
        )}
        {isAddCustomerOpen && (
          <AddCustomerDialog
            onClose={() => setIsAddCustomerOpen(false)}
            onInvited={(email) => {
              setIsAddCustomerOpen(false);
              // The invitation shows in the partner's list, with remind and revoke.
              void queryClient.invalidateQueries({ queryKey: ['api', customerInvitationsPath] });
              navigate('/settings/customers', { state: { notice: t('customers.add.sent', { email }) } });
            }}
          />
        )}
      </Suspense>
    </>
  );
}
