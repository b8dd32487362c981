import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Receipt } from '@signlink/contracts/billing/receipts';
import { listReceiptsRoute } from '@signlink/contracts/billing/receipts.routes';
import { formatMoney } from '@signlink/contracts/format/format-amount';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiClient } from '../../api/api-context.tsx';
import { createBillingApi } from '../../api/billing-api.ts';
import { useApiQuery } from '../../api/use-api-query.ts';
import { usePdfDownload } from '../../components/billing/use-pdf-download.ts';
import { formatDate } from '../../components/documents/format-date.ts';
import { FormError } from '../../components/forms/form-error.tsx';
import { currentLocale } from '../../i18n/create-app-i18n.ts';
import { ReceiptDialog } from './receipt-dialog.tsx';

/**
 * `GET app/receipts`: one receipt per payment, newest first, each with its PDF and its details. `?receipt={id}` (the
 * payment return page's link) opens that receipt's details. "Payments made" shows this list, and the invoices under it:
 * a card payment has its receipt, an invoice is paid by bank transfer.
 */
export function ReceiptsSection({ headingKey }: { headingKey: 'receipts' | 'payments' }) {
  const { t } = useTranslation();
  const receipts = useApiQuery(listReceiptsRoute, {}, { silent: true }, { retry: false });
  const [search, setSearch] = useSearchParams();
  const openId = search.get('receipt');
  const setOpenId = (id: string | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('receipt', id);
        else next.delete('receipt');
        return next;
      },
      { replace: true },
    );

  return (
    <Stack spacing={3} component="section" aria-labelledby="billing-receipts-heading">
      <div>
        <Typography id="billing-receipts-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {t(`billing.tabs.${headingKey}`)}
        </Typography>
        <Typography color="text.secondary">{t('billing.receipts.intro')}</Typography>
      </div>
      {receipts.isPending && (
        <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress />
        </Box>
      )}
      {receipts.isError && <FormError error={receipts.error} />}
      {receipts.data?.Receipts.length === 0 && (
        <Typography color="text.secondary">{t('billing.receipts.empty')}</Typography>
      )}
      {receipts.data && receipts.data.Receipts.length > 0 && (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {receipts.data.Receipts.map((receipt) => (
            <ReceiptRow key={receipt.Id} receipt={receipt} onOpen={() => setOpenId(receipt.Id)} />
          ))}
        </Stack>
      )}
      {openId && <ReceiptDialog id={openId} onClose={() => setOpenId(null)} />}
    </Stack>
  );
}

function ReceiptRow({ receipt, onOpen }: { receipt: Receipt; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const api = createBillingApi(useApiClient());
  const number = t('billing.receipts.number', { number: receipt.Number });

  const download = usePdfDownload(() => api.downloadReceiptPdf(receipt.Id), `${number}.pdf`);

  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }} aria-label={number}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 1.5 }}>
        <Stack spacing={0.5} sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {number} · {formatDate(receipt.PaidAt, i18n.language)}
          </Typography>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{receipt.Description}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('billing.receipts.totalWithVat', {
              amount: formatMoney(receipt.Amount, receipt.Currency, currentLocale(i18n)),
            })}
          </Typography>
        </Stack>
        <Stack direction="row" sx={{ gap: 1, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={onOpen} aria-label={t('billing.receipts.detailsOf', { number })}>
            {t('billing.receipts.details')}
          </Button>
          <Button
            variant="outlined"
            onClick={download.start}
            disabled={download.isBusy}
            aria-label={t('billing.receipts.downloadOf', { number })}
            startIcon={download.isBusy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('billing.receipts.download')}
          </Button>
        </Stack>
      </Stack>
      {download.error !== undefined && (
        <Box sx={{ mt: 1.5 }}>
          <FormError error={download.error} />
        </Box>
      )}
    </Paper>
  );
}
