import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { listTransactionFeesRoute } from '@signlink/contracts/billing/transaction-fees.routes';
import { formatMoney } from '@signlink/contracts/format/format-amount';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useApiQuery } from '../../api/use-api-query.ts';
import { formatDateTime } from '../../components/documents/format-date.ts';
import { FormError } from '../../components/forms/form-error.tsx';
import { currentLocale } from '../../i18n/create-app-i18n.ts';

/** `GET app/transactionfees`: each accepted SMS or WhatsApp message's fee, newest first, with the document it was about. */
export function TransactionFeesSection() {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const fees = useApiQuery(listTransactionFeesRoute, {}, { silent: true }, { retry: false });
  return (
    <Stack spacing={3} component="section" aria-labelledby="billing-fees-heading">
      <div>
        <Typography id="billing-fees-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {t('billing.tabs.transactionFees')}
        </Typography>
        <Typography color="text.secondary">{t('billing.fees.intro')}</Typography>
      </div>
      {fees.isPending && (
        <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress />
        </Box>
      )}
      {fees.isError && <FormError error={fees.error} />}
      {fees.data?.Fees.length === 0 && <Typography color="text.secondary">{t('billing.fees.empty')}</Typography>}
      {fees.data && fees.data.Fees.length > 0 && (
        <>
          <Typography>
            {t('billing.fees.total', { amount: formatMoney(fees.data.Total, fees.data.Currency, locale) })}
          </Typography>
          <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby="billing-fees-heading">
              <TableHead>
                <TableRow>
                  <TableCell>{t('billing.fees.when')}</TableCell>
                  <TableCell>{t('billing.fees.kind')}</TableCell>
                  <TableCell>{t('billing.fees.document')}</TableCell>
                  <TableCell align="right">{t('billing.fees.amount')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {fees.data.Fees.map((fee) => (
                  <TableRow key={fee.Id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(fee.At, i18n.language)}</TableCell>
                    <TableCell>{t(`billing.fees.kinds.${fee.Kind}`)}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {fee.DocumentId ? (
                        <RouterLink to={`/document/${encodeURIComponent(fee.DocumentId)}`}>
                          {fee.DocumentTitle ?? fee.DocumentId}
                        </RouterLink>
                      ) : (
                        '–'
                      )}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(fee.Amount, fee.Currency, locale)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
        </>
      )}
    </Stack>
  );
}
