import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PayeeAccountStatus } from '@signlink/contracts/sign-pay/payee-account';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../api/api-context.tsx';
import { createSignPayApi, usePayeeAccount } from '../../../api/sign-pay-api.ts';
import { useBrand } from '../../../brand/brand-context.tsx';
import { formatDateTime } from '../../../components/documents/format-date.ts';
import { FormError } from '../../../components/forms/form-error.tsx';
import { useStepCall } from '../../../components/forms/step-form.tsx';
import { externalNavigation } from '../../../lib/leave-app.ts';

const statusColours: Record<PayeeAccountStatus, NonNullable<ChipProps['color']>> = {
  'not-connected': 'default',
  pending: 'warning',
  connected: 'success',
};

/** Where Stripe's onboarding sends the administrator back to: this screen, which then asks Stripe again. */
export const onboardingReturnPath = '#/settings/payments';

/**
 * The account's own Stripe account, which Sign & Pay pays into (Signlink never holds the money): its state, and for
 * administrators the way to Stripe's onboarding; a document asking for payment cannot be sent until it is connected.
 */
export function PayeeAccountSection() {
  const { t, i18n } = useTranslation();
  const brand = useBrand();
  const account = usePayeeAccount();
  const api = createSignPayApi(useApiClient());
  const call = useStepCall();
  const connect = () =>
    void call.run(async () => {
      const { Url } = await api.startOnboarding({ ReturnPath: onboardingReturnPath });
      externalNavigation.assign(Url);
    });

  return (
    <Paper variant="outlined" component="section" aria-labelledby="payee-account-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={1.5}>
        <Typography id="payee-account-heading" variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('signPaySettings.account.heading')}
        </Typography>
        <Typography color="text.secondary">{t('signPaySettings.account.intro', { brandName: brand.name })}</Typography>
        {account.isPending && <CircularProgress size={24} aria-label={t('states.loading')} />}
        {account.isError && <FormError error={account.error} />}
        {account.data && (
          <>
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip
                color={statusColours[account.data.Status]}
                label={t(`signPaySettings.account.statuses.${account.data.Status}`)}
              />
              {account.data.ConnectedAccountId && (
                <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                  {account.data.ConnectedAccountId}
                </Typography>
              )}
            </Stack>
            <Typography>
              {account.data.Status === 'connected' && account.data.ConnectedAt
                ? t('signPaySettings.account.connectedSince', {
                    date: formatDateTime(account.data.ConnectedAt, i18n.language),
                  })
                : t(`signPaySettings.account.explain.${account.data.Status}`)}
            </Typography>
            {account.data.Status !== 'connected' &&
              (account.data.CanManage ? (
                <Button
                  variant="contained"
                  sx={{ alignSelf: 'flex-start' }}
                  onClick={connect}
                  disabled={call.isProcessing}
                  startIcon={call.isProcessing ? <CircularProgress size={16} color="inherit" /> : undefined}
                >
                  {t(
                    account.data.Status === 'pending'
                      ? 'signPaySettings.account.continue'
                      : 'signPaySettings.account.connect',
                  )}
                </Button>
              ) : (
                <Alert severity="info" role="note">
                  {t('signPaySettings.account.askAdministrator')}
                </Alert>
              ))}
            <FormError error={call.failure} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
