import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PaymentRecordSummary, VerifiedPaymentRecord } from '@signlink/contracts/documents/verification';
import { formatMoney } from '@signlink/contracts/format/format-amount';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/documents/format-date.ts';
import { currentLocale } from '../../i18n/create-app-i18n.ts';

/**
 * The verify page's Sign & Pay part (README "Sign & Pay records"): the uploaded file is a payment record we sealed
 * (which document it pays for, and that document's sealed SHA-256), or a sealed document with payment records.
 */
function RecordSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

const hashSx = { fontFamily: 'monospace', fontSize: '0.85rem', wordBreak: 'break-all' } as const;

export function PaymentRecordSection({ record }: { record: VerifiedPaymentRecord }) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const rows: [string, ReactNode][] = [
    [t('verifyPaymentRecords.record.document'), record.DocumentName],
    [t('verifyPaymentRecords.record.documentId'), record.DocumentId],
    [
      t('verifyPaymentRecords.record.documentSha256'),
      <Box component="code" sx={hashSx} key="sha">
        {record.DocumentSealedSha256 ?? '–'}
      </Box>,
    ],
    [t('verifyPaymentRecords.record.amount'), formatMoney(record.Total, record.Currency, locale)],
    ...(record.PaidAt
      ? [[t('verifyPaymentRecords.record.paidAt'), formatDateTime(record.PaidAt, i18n.language)] as [string, string]]
      : []),
    ...(record.RecordSealedAt
      ? [
          [t('verifyPaymentRecords.record.recordSealedAt'), formatDateTime(record.RecordSealedAt, i18n.language)] as [
            string,
            string,
          ],
        ]
      : []),
  ];
  return (
    <RecordSection id="verify-payment-record" title={t('verifyPaymentRecords.record.title')}>
      <Typography sx={{ mb: 1.5 }}>{t('verifyPaymentRecords.record.intro')}</Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
          columnGap: 2,
          rowGap: { xs: 0, sm: 0.75 },
          '& dt': { color: 'text.secondary', fontWeight: 500, mt: { xs: 1, sm: 0 } },
          '& dd': { m: 0, minWidth: 0, overflowWrap: 'anywhere' },
        }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>
    </RecordSection>
  );
}

export function PaymentRecordsSection({ records }: { records: PaymentRecordSummary[] }) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  return (
    <RecordSection id="verify-payment-records" title={t('verifyPaymentRecords.records.title')}>
      <Typography sx={{ mb: 1.5 }}>{t('verifyPaymentRecords.records.intro')}</Typography>
      <Stack
        component="ul"
        aria-label={t('verifyPaymentRecords.records.label')}
        spacing={1.5}
        sx={{ m: 0, p: 0, listStyle: 'none' }}
      >
        {records.map((record) => (
          <Box component="li" key={record.PaymentId}>
            <Typography sx={{ fontWeight: 600 }}>{formatMoney(record.Total, record.Currency, locale)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {record.PaidAt
                ? t('verifyPaymentRecords.records.paidAt', { date: formatDateTime(record.PaidAt, i18n.language) })
                : t('verifyPaymentRecords.records.notPaid')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('verifyPaymentRecords.records.sha256')}:{' '}
              <Box component="code" sx={hashSx}>
                {record.RecordSha256}
              </Box>
            </Typography>
          </Box>
        ))}
      </Stack>
    </RecordSection>
  );
}
