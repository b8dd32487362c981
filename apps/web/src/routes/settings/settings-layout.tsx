import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { AuthState } from '@signlink/contracts/auth/auth-state';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSignedInUser } from '../../api/session-context.tsx';
import { PageLayout } from '../../components/layout/page-layout.tsx';
import { pageTabsProps } from '../../components/layout/page-tabs.ts';
import { isAdministrator, isPartnerAdministrator, managesIntegrations } from '../../lib/account-roles.ts';

export type SettingsSection =
  | 'preferences'
  | 'company'
  | 'users'
  | 'customers'
  | 'referral-links'
  | 'payments'
  | 'integration'
  | 'oauth-apps'
  | 'authorised-apps'
  | 'api-keys'
  | 'webhooks';

/**
 * The frame of the settings screens (SPEC section 2, settings): a heading, the sections the role may open, and the
 * page, which gets the signed-in auth state. Signed-out visitors never get here (router.tsx's guard).
 */
export function SettingsLayout({
  section,
  title,
  children,
}: {
  section: SettingsSection | false;
  title: string;
  children: (auth: AuthState) => ReactNode;
}) {
  const { t } = useTranslation();
  const auth = useSignedInUser();
  // On a phone the five sections never fit: the scroll buttons are there from the first paint. Mounted later ('auto'),
  // they shrank the strip while it still slid to the selected tab, which then stopped half hidden behind a button.
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  return (
    <PageLayout>
      <Box sx={{ width: '100%', maxWidth: 960, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 5 } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, mb: 0.5 }}>
          {title}
        </Typography>
        {auth && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {auth.user.AccountName}
          </Typography>
        )}
        {auth && section !== false && (
          <Tabs
            // Others than admins have no Users, API keys or OAuth apps tab, even on its page (they read why there):
            // nothing is selected.
            value={
              (section === 'users' && !isAdministrator(auth)) ||
              ((section === 'api-keys' || section === 'oauth-apps') && !managesIntegrations(auth))
                ? false
                : section
            }
            {...pageTabsProps}
            scrollButtons={isPhone ? true : 'auto'}
            aria-label={t('routes.settings')}
          >
            <Tab
              value="preferences"
              label={t('settings.preferences.tab')}
              component={RouterLink}
              to="/settings/preferences"
            />
            <Tab value="company" label={t('settings.company.tab')} component={RouterLink} to="/settings/company" />
            <Tab value="payments" label={t('signPaySettings.tab')} component={RouterLink} to="/settings/payments" />
            {isAdministrator(auth) && (
              <Tab value="users" label={t('settings.users.tab')} component={RouterLink} to="/settings/users" />
            )}
            {/* A company's administrators make its integrations (issue 26); others reach the tab only by its address. */}
            {(managesIntegrations(auth) || section === 'integration') && (
              <Tab value="integration" label={t('integration.tab')} component={RouterLink} to="/settings/integration" />
            )}
            {/* A company's administrators connect their systems (issue 26); personal accounts have no webhooks. */}
            {(managesIntegrations(auth) || section === 'webhooks') && (
              <Tab value="webhooks" label={t('webhooks.tab')} component={RouterLink} to="/settings/webhooks" />
            )}
            {(isPartnerAdministrator(auth) || section === 'customers') && (
              <Tab
                value="customers"
                label={t('settings.customers.tab')}
                component={RouterLink}
                to="/settings/customers"
              />
            )}
            {(isPartnerAdministrator(auth) || section === 'referral-links') && (
              <Tab
                value="referral-links"
                label={t('settings.referralLinks.tab')}
                component={RouterLink}
                to="/settings/referral-links"
              />
            )}
            {/* Issue 26: a company's administrators make the keys its own systems call the API with. */}
            {managesIntegrations(auth) && (
              <Tab value="api-keys" label={t('apiClients.tab')} component={RouterLink} to="/settings/api-keys" />
            )}
            {managesIntegrations(auth) && (
              <Tab value="oauth-apps" label={t('oauth.apps.tab')} component={RouterLink} to="/settings/oauth-apps" />
            )}
            <Tab
              value="authorised-apps"
              label={t('oauth.grants.tab')}
              component={RouterLink}
              to="/settings/authorised-apps"
            />
          </Tabs>
        )}
        {auth ? (
          children(auth)
        ) : (
          <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress />
          </Box>
        )}
      </Box>
    </PageLayout>
  );
}
