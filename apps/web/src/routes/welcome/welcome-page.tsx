import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoneyForDisplay } from '@signlink/contracts/format/format-amount';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSignedInUser } from '../../api/session-context.tsx';
import { useBrand } from '../../brand/brand-context.tsx';
import { DocumentsPage } from '../../components/documents/documents-page.tsx';
import { currentLocale } from '../../i18n/create-app-i18n.ts';
import { signedInHome } from '../../lib/return-to.ts';
import { rememberWelcomed } from '../../lib/welcome-once.ts';

const steps = ['upload', 'place', 'send'] as const;

/**
 * /welcome (SPEC section 2): a new user's or new company's first screen: the three steps of sending a document, a
 * way to try them on oneself (sign and send), and for a new company its welcome balance (SPEC section 9, SEK 125).
 */
export function WelcomePage() {
  const { t, i18n } = useTranslation();
  const brand = useBrand();
  const auth = useSignedInUser();
  const userId = auth?.user.UserId;
  const stepsId = useId();
  const tryId = useId();

  useEffect(() => {
    if (userId) rememberWelcomed(window.localStorage, userId);
  }, [userId]);

  if (!auth) return null;
  const { user, balances } = auth;
  const balance = user.Currency === 'SEK' ? balances.TotalBalance : balances.TotalBalanceEurCent;
  const firstName = user.Name.split(/\s+/)[0] ?? user.Name;

  return (
    <DocumentsPage title={t('welcome.heading', { brandName: brand.name, name: firstName })}>
      <Stack spacing={3} sx={{ maxWidth: 760 }}>
        <Typography color="text.secondary">{t('welcome.intro')}</Typography>
        {auth.IsNewCompany && balance > 0 && (
          <Alert severity="success" role="note">
            {t('welcome.companyBalance', {
              company: user.AccountName,
              amount: formatMoneyForDisplay(balance, user.Currency, currentLocale(i18n)),
            })}
          </Alert>
        )}
        <Box component="section" aria-labelledby={stepsId}>
          <Typography id={stepsId} variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
            {t('welcome.stepsTitle')}
          </Typography>
          <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {steps.map((step, index) => (
              <Paper key={step} component="li" variant="outlined" sx={{ p: 2, display: 'flex', gap: 2 }}>
                <Box
                  aria-hidden
                  sx={{
                    flex: '0 0 36px',
                    height: 36,
                    borderRadius: '50%',
                    display: 'grid',
                    placeItems: 'center',
                    fontWeight: 700,
                    color: 'primary.contrastText',
                    bgcolor: 'primary.main',
                  }}
                >
                  {index + 1}
                </Box>
                <Box>
                  <Typography component="h3" sx={{ fontWeight: 600 }}>
                    {t(`welcome.steps.${step}.title`)}
                  </Typography>
                  <Typography color="text.secondary">{t(`welcome.steps.${step}.text`)}</Typography>
                </Box>
              </Paper>
            ))}
          </Stack>
        </Box>
        <Box component="section" aria-labelledby={tryId}>
          <Typography id={tryId} variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
            {t('welcome.tryTitle')}
          </Typography>
          <Typography color="text.secondary">{t('welcome.tryText')}</Typography>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button component={RouterLink} to="/create" variant="contained">
            {t('welcome.startDocument')}
          </Button>
          <Button component={RouterLink} to="/sign-and-send" variant="outlined">
            {t('welcome.trySignAndSend')}
          </Button>
          <Button component={RouterLink} to={signedInHome}>
            {t('welcome.continue')}
          </Button>
        </Stack>
      </Stack>
    </DocumentsPage>
  );
}
