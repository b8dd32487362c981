import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { VoucherCredit } from '@signlink/contracts/billing/balance';
import { findBalanceRoute, listVoucherCreditsRoute } from '@signlink/contracts/billing/vouchers.routes';
import { formatMoney } from '@signlink/contracts/format/format-amount';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiQuery } from '../../api/use-api-query.ts';
import { MoneyText } from '../../components/billing/money-text.tsx';
import { TopUpDialog } from '../../components/billing/top-up-dialog.tsx';
import { formatDate } from '../../components/documents/format-date.ts';
import { FormError } from '../../components/forms/form-error.tsx';
import { currentLocale } from '../../i18n/create-app-i18n.ts';

/**
 * The balance (`GET balance`, `GET balance/vouchers`): the total, its gift-card part with each credit's expiry, and
 * SPEC section 9's low-balance level, and Top up. `?topup=1` (the editor's "balance too low") opens the top-up at once.
 */
export function BalanceSection() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const isTopUpOpen = search.get('topup') === '1';
  const setTopUpOpen = (isOpen: boolean) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (isOpen) next.set('topup', '1');
        else next.delete('topup');
        return next;
      },
      { replace: true },
    );
  const balance = useApiQuery(findBalanceRoute, {}, { silent: true }, { retry: false });
  const credits = useApiQuery(listVoucherCreditsRoute, {}, { silent: true }, { retry: false });

  return (
    <Stack spacing={3} component="section" aria-labelledby="billing-balance-heading">
      <Typography id="billing-balance-heading" variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('billing.balance.heading')}
      </Typography>
      {balance.isPending && <Loading />}
      {balance.isError && <FormError error={balance.error} />}
      {balance.data && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={2}>
            <Stack component="dl" direction="row" sx={{ flexWrap: 'wrap', columnGap: 6, rowGap: 2, m: 0 }}>
              <div>
                <Typography component="dt" color="text.secondary">
                  {t('billing.balance.total')}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontSize: '1.75rem', fontWeight: 600 }}>
                  <MoneyText minor={balance.data.TotalBalance} currency={balance.data.Currency} />
                </Typography>
              </div>
              <div>
                <Typography component="dt" color="text.secondary">
                  {t('billing.balance.giftCardPart')}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontSize: '1.25rem', fontWeight: 500, mt: 0.5 }}>
                  <MoneyText minor={balance.data.VoucherBalance} currency={balance.data.Currency} />
                </Typography>
              </div>
            </Stack>
            {balance.data.LowBalanceLevel === -1 && <Alert severity="warning">{t('billing.balance.low')}</Alert>}
            {balance.data.LowBalanceLevel === 0 && <Alert severity="info">{t('billing.balance.gettingLow')}</Alert>}
            <Box>
              <Button variant="contained" onClick={() => setTopUpOpen(true)}>
                {t('billing.balance.topUp')}
              </Button>
            </Box>
            <Typography variant="body2" color="text.secondary">
              {t('billing.balance.rules')}
            </Typography>
          </Stack>
        </Paper>
      )}
      <Typography variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
        {t('billing.balance.creditsHeading')}
      </Typography>
      {credits.isPending && <Loading />}
      {credits.isError && <FormError error={credits.error} />}
      {credits.data?.Vouchers.length === 0 && (
        <Typography color="text.secondary">{t('billing.balance.creditsEmpty')}</Typography>
      )}
      {credits.data && credits.data.Vouchers.length > 0 && (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {credits.data.Vouchers.map((credit) => (
            <CreditRow key={credit.Id} credit={credit} />
          ))}
        </Stack>
      )}
      {isTopUpOpen && <TopUpDialog onClose={() => setTopUpOpen(false)} />}
    </Stack>
  );
}

function CreditRow({ credit }: { credit: VoucherCredit }) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  let lapse = t('billing.balance.noExpiry');
  if (credit.ExpiresAt) {
    const date = formatDate(credit.ExpiresAt, i18n.language);
    lapse = credit.IsExpired ? t('billing.balance.expired', { date }) : t('billing.balance.expires', { date });
  }
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, opacity: credit.IsExpired ? 0.75 : 1 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 1 }}>
        <div>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {t(`billing.balance.sources.${credit.Source}`)}: {credit.Name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {lapse}
          </Typography>
        </div>
        <Typography sx={{ fontWeight: 500 }}>
          {t('billing.balance.remaining', {
            remaining: formatMoney(credit.Remaining, credit.Currency, locale),
            value: formatMoney(credit.Value, credit.Currency, locale),
          })}
        </Typography>
      </Stack>
    </Paper>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
      <CircularProgress />
    </Box>
  );
}
