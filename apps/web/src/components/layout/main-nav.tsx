import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { MenuIcon } from '../documents/document-icons.tsx';

/**
 * SPEC section 2's menu, its document items: Dashboard, New document, drafts, Sent, Archived, Inbox, Templates,
 * Links, Contacts, and Verify Document (a public page, also linked from login). The drafts are listed where a new document starts (/create). Account items stay in the user menu.
 */
export const mainNavItems = [
  { to: '/dashboard', labelKey: 'nav.dashboard' },
  { to: '/create', labelKey: 'nav.newDocument' },
  { to: '/create', labelKey: 'nav.drafts' },
  { to: '/sent', labelKey: 'nav.sent' },
  { to: '/archived', labelKey: 'nav.archived' },
  { to: '/inbox', labelKey: 'nav.inbox' },
  { to: '/templates', labelKey: 'nav.templates' },
  { to: '/links', labelKey: 'nav.links' },
  { to: '/contacts', labelKey: 'nav.contacts' },
  { to: '/verify', labelKey: 'nav.verify' },
] as const;

/** The item the page belongs to: a document's overview and report belong to Sent. */
function isCurrent(to: string, pathname: string): boolean {
  if (to === '/sent' && /^\/(document|report)\//.test(pathname)) return true;
  return pathname === to || pathname.startsWith(`${to}/`);
}

/**
 * Desktop: a row of links under the header's bar in the menu's order, New document as the one button at the end.
 * Drafts has the row's place of /create, so a draft being edited belongs to it.
 */
export function MainNavBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Box
      component="nav"
      aria-label={t('nav.label')}
      sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 0.5, flexWrap: 'wrap', pb: 1 }}
    >
      {mainNavItems
        .filter((item) => item.labelKey !== 'nav.newDocument')
        .map((item) => {
          const current = isCurrent(item.to, pathname);
          return (
            <Button
              key={item.labelKey}
              component={RouterLink}
              to={item.to}
              color="inherit"
              aria-current={current ? 'page' : undefined}
              sx={{
                fontWeight: current ? 700 : 500,
                borderRadius: 0,
                borderBottom: '2px solid',
                borderColor: current ? 'currentColor' : 'transparent',
                px: 1.5,
              }}
            >
              {t(item.labelKey)}
            </Button>
          );
        })}
      <Button component={RouterLink} to="/create" color="inherit" variant="outlined" sx={{ ml: 'auto' }}>
        {t('nav.newDocument')}
      </Button>
    </Box>
  );
}

/** Phones: the same items behind a menu button, in a drawer from the left. */
export function MainNavDrawerButton() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton
        aria-label={t('nav.open')}
        onClick={() => setOpen(true)}
        sx={{ display: { xs: 'inline-flex', md: 'none' }, color: 'inherit' }}
      >
        <MenuIcon />
      </IconButton>
      <Drawer open={open} onClose={() => setOpen(false)} anchor="left">
        <Box component="nav" aria-label={t('nav.label')} sx={{ width: 280, maxWidth: '85vw' }}>
          <List>
            {/* List items directly in the list (no wrapper), the divider setting the lists apart as one of them. */}
            {mainNavItems.flatMap((item, index) => {
              const current = item.labelKey !== 'nav.drafts' && isCurrent(item.to, pathname);
              return [
                ...(index === 3 ? [<Divider key="divider" component="li" sx={{ my: 1 }} />] : []),
                <li key={item.labelKey}>
                  <ListItemButton
                    component={RouterLink}
                    to={item.to}
                    selected={current}
                    aria-current={current ? 'page' : undefined}
                    onClick={() => setOpen(false)}
                  >
                    <ListItemText primary={t(item.labelKey)} />
                  </ListItemButton>
                </li>,
              ];
            })}
          </List>
        </Box>
      </Drawer>
    </>
  );
}
