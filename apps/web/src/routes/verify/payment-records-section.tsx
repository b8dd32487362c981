import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PaymentRecordSummary, VerifiedPaymentRecord } from '@signlink/contracts/documents/verification';
import { formatMoney } from '@signlink/contracts/format/format-amount';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/documents/format-date.ts';
import { currentLocale } from '../../i18n/create-app-i18n.ts';
import { Facts, Section } from './verify-sections.tsx';

/**
 * The verify page's Sign & Pay part (README "Sign & Pay records"): the uploaded file is a payment record we sealed
 * (which document it pays for, and that document's sealed SHA-256), or a sealed document with payment records.
 */
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
    <Section id="verify-payment-record" title={t('verifyPaymentRecords.record.title')}>
      <Typography sx={{ mb: 1.5 }}>{t('verifyPaymentRecords.record.intro')}</Typography>
      <Facts rows={rows} />
    </Section>
  );
}

export function PaymentRecordsSection({ records }: { records: PaymentRecordSummary[] }) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  return (
    <Section id="verify-payment-records" title={t('verifyPaymentRecords.records.title')}>
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
    </Section>
  );
}
