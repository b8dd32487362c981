import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import type { SignPayRequestView } from '@signlink/contracts/sign-pay/sign-pay';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { externalNavigation } from '../../../lib/leave-app.ts';
import { MoneyRows, useFormatMoney } from './money-rows.tsx';
import type { SignPayApi } from './sign-pay-api.ts';
import { signPayReturnUrl } from './sign-pay-return.ts';
import { VerifyEmailDialog } from './verify-email-dialog.tsx';

export interface PayStepProps {
  api: SignPayApi;
  payment: SignPayRequestView;
  /** The e-mail address the link knows for this person, offered in the verification. */
  knownEmail: string;
  onError: (error: unknown) => void;
}

/**
 * The paying party's step once everyone signed (SPEC section 4): what is paid, to whom, the terms to accept first
 * (section 5), then Stripe's checkout page. The page comes back to this link with the payment's id in its address.
 */
export function PayStep({ api, payment, knownEmail, onError }: PayStepProps) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const [hasAccepted, setHasAccepted] = useState(false);
  const [isLeaving, setIsLeaving] = useState(false);
  const [isVerifying, setIsVerifying] = useState(false);
  const total = money(payment.Total, payment.Currency);

  const pay = async (emailClientAccessKey?: string) => {
    setIsLeaving(true);
    try {
      const { CheckoutUrl } = await api.start({
        SignatureIndex: payment.SignatureIndex,
        AcceptTerms: hasAccepted,
        ReturnUrl: signPayReturnUrl(window.location.href),
        ...(emailClientAccessKey ? { EmailClientAccessKey: emailClientAccessKey } : {}),
      });
      // Still "leaving" until the browser is gone: a second click would start a second checkout.
      externalNavigation.assign(CheckoutUrl);
    } catch (error) {
      setIsLeaving(false);
      onError(error);
    }
  };

  return (
    <>
      <Typography component="h2" variant="h6">
        {t('signPay.payFor', { label: payment.Label })}
      </Typography>
      <MoneyRows
        currency={payment.Currency}
        rows={[
          { label: t('signPay.product'), value: payment.ProductName },
          ...(payment.Description ? [{ label: t('signPay.description'), value: payment.Description }] : []),
          { label: t('signPay.net'), value: { minor: payment.Net } },
          { label: t('signPay.vat', { percent: payment.VatPercent }), value: { minor: payment.Vat } },
          { label: t('signPay.total'), value: { minor: payment.Total }, isStrong: true },
          { label: t('signPay.currency'), value: payment.Currency },
          { label: t('signPay.payee'), value: payment.PayeeName },
        ]}
      />
      <FormControlLabel
        sx={{ textAlign: 'left', alignItems: 'flex-start', mx: 0 }}
        control={
          <Checkbox
            checked={hasAccepted}
            onChange={(event) => setHasAccepted(event.target.checked)}
            sx={{ mt: -1, ml: -1 }}
          />
        }
        label={t('signPay.terms', { total, payee: payment.PayeeName, label: payment.Label })}
      />
      {payment.RequireEmailVerification && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('signPay.verifyFirst')}
        </Typography>
      )}
      <Button
        variant="contained"
        size="large"
        sx={{ mt: 2 }}
        disabled={!hasAccepted || isLeaving}
        startIcon={isLeaving ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        onClick={() => (payment.RequireEmailVerification ? setIsVerifying(true) : void pay())}
      >
        {t('signPay.pay', { total })}
      </Button>
      {isVerifying && (
        <VerifyEmailDialog
          api={api}
          initialEmail={knownEmail}
          onVerified={async (key) => {
            setIsVerifying(false);
            await pay(key);
          }}
          onClose={() => setIsVerifying(false)}
        />
      )}
    </>
  );
}
