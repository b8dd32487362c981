import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { uiSizes } from '@signlink/contracts/constants';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation } from 'react-router';
import { useSessionState } from '../../api/session-context.tsx';
import { useBrand } from '../../brand/brand-context.tsx';
import { InAppBrowserNotice } from '../../components/browsers/in-app-browser-notice.tsx';
import { PageLayout } from '../../components/layout/page-layout.tsx';
import { readReturnTo, signedInHome } from '../../lib/return-to.ts';
import { shouldWelcome, welcomePath } from '../../lib/welcome-once.ts';
import { GiftCardLanding } from './gift-card/gift-card-landing.tsx';
import { LoginPanel } from './login-panel.tsx';
import { type LoginRouteState, ResetPinPanel } from './pin-reset/reset-pin-panel.tsx';
import { SignUpPanel } from './registration/sign-up-panel.tsx';

type Mode = 'login' | 'createAccount' | 'resetPin' | 'giftCard';

const headingKeys = {
  login: 'auth.login.heading',
  createAccount: 'auth.registration.heading',
  resetPin: 'auth.pinReset.heading',
  giftCard: 'giftCard.landing.heading',
} as const;

/**
 * SPEC section 2: login, create account, gift card and PIN reset share one screen; the tabs move between /login and
 * /createaccount. A PIN reset link works whoever is signed in on this browser, and a gift card is redeemed by whoever
 * is, so those modes do not redirect.
 */
function AccountEntryPage({ mode }: { mode: Mode }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const state = useSessionState();
  const routeState = useLocation().state as LoginRouteState | null;
  if (state.status === 'signedIn' && mode !== 'resetPin' && mode !== 'giftCard')
    // A screen that asked to come back comes first; else a new user or company is welcomed, once.
    return (
      <Navigate
        to={readReturnTo() ?? (shouldWelcome(state.auth, window.localStorage) ? welcomePath : signedInHome)}
        replace
      />
    );

  return (
    <PageLayout isLoginHeader>
      <Box sx={{ flex: '1 0 auto', display: 'flex', justifyContent: 'center', px: 2, py: { xs: 3, sm: 6 } }}>
        <Paper
          variant="outlined"
          sx={{
            width: '100%',
            maxWidth: 460,
            // SPEC section 9: the login card is at least 350 px wide (phones narrower than that get the full width).
            minWidth: { sm: uiSizes.loginCardMinWidth },
            alignSelf: 'flex-start',
            overflow: 'hidden',
          }}
        >
          {/* Someone signed in redeems the gift card here; login and sign-up are not theirs to open. */}
          {!(mode === 'giftCard' && state.status === 'signedIn') && (
            <Tabs
              value={mode === 'login' || mode === 'createAccount' ? mode : false}
              variant="fullWidth"
              sx={{ borderBottom: 1, borderColor: 'divider' }}
            >
              <Tab value="login" label={t('routes.login')} component={RouterLink} to="/login" />
              <Tab value="createAccount" label={t('routes.createAccount')} component={RouterLink} to="/createaccount" />
            </Tabs>
          )}
          <Box sx={{ px: { xs: 2.5, sm: 4 }, pt: 3, pb: 4 }}>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.375rem', sm: '1.75rem' }, mb: 3 }}>
              {t(headingKeys[mode], {
                // A non-breaking hyphen: "PDF-blankett" must not break at the end of a narrow line.
                brandName: brand.name.replaceAll('-', '\u2011'),
              })}
            </Typography>
            {mode === 'login' && routeState?.notice === 'pinChanged' && (
              <Alert severity="success" role="status" sx={{ mb: 3 }}>
                {t('auth.pinReset.changed')}
              </Alert>
            )}
            {mode === 'resetPin' ? (
              <ResetPinPanel />
            ) : state.status === 'loading' ? (
              <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
                <CircularProgress />
              </Box>
            ) : mode === 'giftCard' ? (
              <GiftCardLanding />
            ) : mode === 'login' ? (
              <LoginPanel />
            ) : (
              <SignUpPanel />
            )}
            {mode !== 'resetPin' && (
              // Issue 7: checking a sealed PDF needs no account, so the way there starts here too.
              <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
                <Link component={RouterLink} to="/verify">
                  {t('verify.loginLink')}
                </Link>
              </Typography>
            )}
          </Box>
        </Paper>
      </Box>
      {/* SPEC section 8: BankID's return and the login's downloads break inside an app's own browser. */}
      <InAppBrowserNotice />
    </PageLayout>
  );
}

export function LoginPage() {
  return <AccountEntryPage mode="login" />;
}

/** /resetpin/{code}: the link from "Forgot PIN?". */
export function ResetPinPage() {
  return <AccountEntryPage mode="resetPin" />;
}

/** /giftcard/{lang?}/{code?}: the gift card's landing. */
export function GiftCardPage() {
  return <AccountEntryPage mode="giftCard" />;
}

/** /createaccount and /sign-up. */
export function CreateAccountPage() {
  return <AccountEntryPage mode="createAccount" />;
}
