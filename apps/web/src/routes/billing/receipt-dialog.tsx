import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Receipt } from '@signlink/contracts/billing/receipts';
import { findReceiptRoute } from '@signlink/contracts/billing/receipts.routes';
import { formatMoney } from '@signlink/contracts/format/format-amount';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../api/use-api-query.ts';
import { AppDialog } from '../../components/dialogs/app-dialog.tsx';
import { formatDate, formatDateTime } from '../../components/documents/format-date.ts';
import { FormError } from '../../components/forms/form-error.tsx';
import { currentLocale } from '../../i18n/create-app-i18n.ts';

/** One receipt's details (`GET app/receipts/{id}`), SPEC section 3's fields: when, how, what, subtotal, VAT, amount. */
export function ReceiptDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const receipt = useApiQuery(findReceiptRoute, { params: { id } }, { silent: true }, { retry: false });
  return (
    <AppDialog
      title={receipt.data ? t('billing.receipts.number', { number: receipt.data.Number }) : t('billing.receipts.title')}
      onClose={onClose}
      actions={
        <Button variant="contained" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      {receipt.isPending && (
        <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress />
        </Box>
      )}
      {receipt.isError && <FormError error={receipt.error} />}
      {receipt.data && <ReceiptFacts receipt={receipt.data} />}
    </AppDialog>
  );
}

function ReceiptFacts({ receipt }: { receipt: Receipt }) {
  const { t, i18n } = useTranslation();
  const money = (minor: number) => formatMoney(minor, receipt.Currency, currentLocale(i18n));
  const facts: [string, string][] = [
    [t('billing.receipts.paidAt'), formatDateTime(receipt.PaidAt, i18n.language)],
    [t('billing.receipts.method'), t(`billing.receipts.methods.${receipt.Method}`)],
    [t('billing.receipts.description'), receipt.Description],
    [t('billing.receipts.subtotal'), money(receipt.Subtotal)],
    [t('billing.receipts.vat', { percent: receipt.VatPercent }), money(receipt.Vat)],
    [t('billing.receipts.amount'), money(receipt.Amount)],
  ];
  if (receipt.PeriodStart && receipt.PeriodEnd) {
    const period = `${formatDate(receipt.PeriodStart, i18n.language)} – ${formatDate(receipt.PeriodEnd, i18n.language)}`;
    facts.push([t('billing.receipts.period'), period]);
  }
  return (
    <Stack component="dl" spacing={1.25} sx={{ m: 0, pt: 1 }}>
      {facts.map(([label, value]) => (
        <Box key={label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
