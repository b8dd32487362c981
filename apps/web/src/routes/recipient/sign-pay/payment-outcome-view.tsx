import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { SignPayPaymentDetails } from '@signlink/contracts/sign-pay/sign-pay';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/documents/format-date.ts';
import { MoneyRows } from './money-rows.tsx';
import type { SignPayApi } from './sign-pay-api.ts';
import type { SignPayReturn } from './sign-pay-return.ts';
import { usePaymentStatus } from './use-payment-status.ts';

export interface PaymentOutcomeViewProps {
  api: SignPayApi;
  paymentReturn: SignPayReturn;
  onError: (error: unknown) => void;
  /** Failed or cancelled: back to the pay step. */
  onPayAgain: () => void;
  onAllPaid: (allPaid: boolean) => void;
}

/**
 * The way back from the checkout (SPEC section 4's outcomes): checking while Stripe has not settled, then success
 * with the receipt, failed (try again), pending (a bank debit: we e-mail later) or cancelled (pay now).
 */
export function PaymentOutcomeView({ api, paymentReturn, onError, onPayAgain, onAllPaid }: PaymentOutcomeViewProps) {
  const { t } = useTranslation();
  const [round, setRound] = useState(0);
  const { outcome, isPolling, details, allPaid } = usePaymentStatus({ api, paymentReturn, round, onError });
  useEffect(() => {
    if (outcome === 'success') onAllPaid(allPaid);
  }, [outcome, allPaid, onAllPaid]);

  if (outcome === 'success') {
    return (
      <>
        <Title>{`✓ ${t('signPay.success.title')}`}</Title>
        <Typography color="text.secondary">{t('signPay.success.text')}</Typography>
        {details && <Receipt details={details} />}
      </>
    );
  }
  if (outcome === 'failed' || outcome === 'cancelled') {
    return (
      <>
        <Title>{t(`signPay.${outcome}.title`)}</Title>
        <Typography color="text.secondary">{t(`signPay.${outcome}.text`)}</Typography>
        <Button variant="contained" size="large" sx={{ mt: 2 }} onClick={onPayAgain}>
          {t(outcome === 'failed' ? 'signPay.failed.tryAgain' : 'signPay.cancelled.payNow')}
        </Button>
      </>
    );
  }
  // Pending is said at once; polling goes on a little in case it settles while the person is still here.
  if (outcome === 'pending') {
    return (
      <>
        <Title>{t('signPay.pending.title')}</Title>
        <Typography color="text.secondary">{t('signPay.pending.text')}</Typography>
      </>
    );
  }
  if (isPolling) {
    return (
      <>
        <CircularProgress size={32} sx={{ mb: 1.5 }} aria-hidden />
        <Title>{t('signPay.checking')}</Title>
      </>
    );
  }
  return (
    <>
      <Title>{t('signPay.open.title')}</Title>
      <Typography color="text.secondary">{t('signPay.open.text')}</Typography>
      <Button variant="outlined" size="large" sx={{ mt: 2 }} onClick={() => setRound((value) => value + 1)}>
        {t('signPay.open.checkAgain')}
      </Button>
    </>
  );
}

function Title({ children }: { children: string }) {
  return (
    <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
      {children}
    </Typography>
  );
}

/** The receipt's facts, as the audit trail names them: amount, VAT, currency, the provider's id and the time. */
function Receipt({ details }: { details: SignPayPaymentDetails }) {
  const { t, i18n } = useTranslation();
  return (
    <MoneyRows
      currency={details.Currency}
      rows={[
        { label: t('signPay.product'), value: details.ProductName },
        { label: t('signPay.receipt.amount'), value: { minor: details.Total }, isStrong: true },
        { label: t('signPay.receipt.vat', { percent: details.VatPercent }), value: { minor: details.Vat } },
        { label: t('signPay.receipt.currency'), value: details.Currency },
        { label: t('signPay.payee'), value: details.PayeeName },
        ...(details.ProviderPaymentId
          ? [{ label: t('signPay.receipt.providerId'), value: details.ProviderPaymentId }]
          : []),
        ...(details.PaidAt
          ? [{ label: t('signPay.receipt.paidAt'), value: formatDateTime(details.PaidAt, i18n.language) }]
          : []),
        ...(details.ReceiptEmail ? [{ label: t('signPay.receipt.email'), value: details.ReceiptEmail }] : []),
      ]}
    />
  );
}
