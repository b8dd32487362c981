import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Invoice, InvoiceStatus } from '@signlink/contracts/billing/invoices';
import { listInvoicesRoute } from '@signlink/contracts/billing/invoices.routes';
import { formatMoney } from '@signlink/contracts/format/format-amount';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context.tsx';
import { createBillingApi } from '../../api/billing-api.ts';
import { useApiQuery } from '../../api/use-api-query.ts';
import { usePdfDownload } from '../../components/billing/use-pdf-download.ts';
import { formatDate } from '../../components/documents/format-date.ts';
import { FormError } from '../../components/forms/form-error.tsx';
import { currentLocale } from '../../i18n/create-app-i18n.ts';

const statusColours: Record<InvoiceStatus, 'default' | 'success' | 'error'> = {
  unpaid: 'default',
  paid: 'success',
  overdue: 'error',
};

/**
 * `GET app/invoices`: the account's invoices, newest first, each with its dates, amount, status and PDF. Its own
 * section (h2), or a part of Payments made (h3) under the receipts.
 */
export function InvoicesSection({ isPart = false }: { isPart?: boolean }) {
  const { t } = useTranslation();
  const invoices = useApiQuery(listInvoicesRoute, {}, { silent: true }, { retry: false });
  const headingId = isPart ? 'billing-invoices-part-heading' : 'billing-invoices-heading';
  return (
    <Stack spacing={isPart ? 2 : 3} component="section" aria-labelledby={headingId}>
      <div>
        <Typography
          id={headingId}
          variant={isPart ? 'h3' : 'h2'}
          sx={{ fontSize: isPart ? '1.1rem' : '1.25rem', mb: 1 }}
        >
          {t('billing.tabs.invoices')}
        </Typography>
        {!isPart && <Typography color="text.secondary">{t('billing.invoices.intro')}</Typography>}
      </div>
      {invoices.isPending && (
        <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress />
        </Box>
      )}
      {invoices.isError && <FormError error={invoices.error} />}
      {invoices.data?.Invoices.length === 0 && (
        <Typography color="text.secondary">{t('billing.invoices.empty')}</Typography>
      )}
      {invoices.data && invoices.data.Invoices.length > 0 && (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {invoices.data.Invoices.map((invoice) => (
            <InvoiceRow key={invoice.Id} invoice={invoice} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation();
  const api = createBillingApi(useApiClient());
  const number = t('billing.invoices.number', { number: invoice.Number });

  const download = usePdfDownload(() => api.downloadInvoicePdf(invoice.Id), `${number}.pdf`);

  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }} aria-label={number}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 1.5 }}>
        <Stack spacing={0.5} sx={{ minWidth: 0 }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>
              {number} · {formatDate(invoice.IssuedAt, i18n.language)}
            </Typography>
            <Chip
              size="small"
              color={statusColours[invoice.Status]}
              label={t(`billing.invoices.statuses.${invoice.Status}`)}
            />
          </Stack>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{invoice.Description}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('billing.invoices.amountDue', {
              amount: formatMoney(invoice.Amount, invoice.Currency, currentLocale(i18n)),
              date: formatDate(invoice.DueAt, i18n.language),
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('billing.invoices.ocrReference', { reference: invoice.OcrReference })}
          </Typography>
        </Stack>
        <Stack direction="row" sx={{ gap: 1, alignItems: { sm: 'center' } }}>
          <Button
            variant="outlined"
            onClick={download.start}
            disabled={download.isBusy}
            aria-label={t('billing.invoices.downloadOf', { number })}
            startIcon={download.isBusy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('billing.invoices.download')}
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
