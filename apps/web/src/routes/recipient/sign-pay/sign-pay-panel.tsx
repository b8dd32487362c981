import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { LinkSignatureSlot, LinkUserData } from '@signlink/contracts/links/link-access';
import type { LinkPaymentsResponse } from '@signlink/contracts/sign-pay/sign-pay';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PayStep } from './pay-step.tsx';
import { PaymentOutcomeView } from './payment-outcome-view.tsx';
import { useSignPayApi } from './sign-pay-api.ts';
import { readSignPayReturn, signPayReturnUrl } from './sign-pay-return.ts';

/** The payer may take minutes at the checkout: the others' page asks now and then, not every 2 s. */
export const waitingPollMs = 10_000;

export interface SignPayPanelProps {
  linkId: string;
  requestToken: string;
  signatures: LinkSignatureSlot[];
  userData: LinkUserData[];
  onError: (error: unknown) => void;
  /** Whether every payment of the document is made, as the latest answer says. */
  onAllPaid: (allPaid: boolean) => void;
}

/**
 * Sign & Pay on the recipient's page, once everyone signed (SPEC section 4: all sign, then accept the terms, then
 * pay): the payer's step or the outcome of their way back from the checkout; for the others, whom it waits for.
 */
export function SignPayPanel(props: SignPayPanelProps) {
  const { linkId, requestToken, signatures, userData, onError, onAllPaid } = props;
  const { t } = useTranslation();
  const api = useSignPayApi(linkId, requestToken);
  const [paymentReturn, setPaymentReturn] = useState(() => readSignPayReturn(window.location.hash));
  const [payments, setPayments] = useState<LinkPaymentsResponse | null>(null);
  const report = useRef({ onError, onAllPaid });
  report.current = { onError, onAllPaid };

  /** `isQuiet` for the waiting page's asking again: one failed look is no news to the person. */
  const load = useCallback(
    async (isQuiet = false) => {
      try {
        const answer = await api.payments();
        setPayments(answer);
        report.current.onAllPaid(answer.AllPaid);
      } catch (error) {
        if (!isQuiet) report.current.onError(error);
      }
    },
    [api],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const reportAllPaid = useCallback((allPaid: boolean) => report.current.onAllPaid(allPaid), []);
  // Those who wait for another party's payment see it arrive without reloading.
  const isWaiting =
    !paymentReturn && payments?.AllSigned === true && !payments.AllPaid && !payments.Payments.some((p) => p.CanPay);
  useEffect(() => {
    if (!isWaiting) return;
    const timer = setInterval(() => {
      if (!document.hidden) void load(true);
    }, waitingPollMs);
    return () => clearInterval(timer);
  }, [isWaiting, load]);

  if (paymentReturn) {
    return (
      <Frame>
        <PaymentOutcomeView
          api={api}
          paymentReturn={paymentReturn}
          onError={onError}
          onAllPaid={reportAllPaid}
          onPayAgain={() => {
            // A reload after this shows the pay step, not the old outcome again.
            window.history.replaceState(window.history.state, '', signPayReturnUrl(window.location.href));
            setPaymentReturn(null);
            void load();
          }}
        />
      </Frame>
    );
  }
  if (!payments?.AllSigned) return null;
  const isOwn = (index: number) => signatures.some((slot) => slot.index === index && slot.access);
  const payable = payments.Payments.filter((payment) => payment.CanPay);
  if (payable.length > 0) {
    const knownEmail = userData.find((data) => data.Type === 'emailAddress')?.Value ?? '';
    return payable.map((payment) => (
      <Frame key={payment.SignatureIndex}>
        <PayStep api={api} payment={payment} knownEmail={knownEmail} onError={onError} />
      </Frame>
    ));
  }
  if (payments.Payments.some((payment) => isOwn(payment.SignatureIndex) && payment.Status === 'pending')) {
    return (
      <Frame>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('signPay.pending.title')}
        </Typography>
        <Typography color="text.secondary">{t('signPay.pending.text')}</Typography>
      </Frame>
    );
  }
  const unpaid = payments.Payments.filter((payment) => payment.Status !== 'paid' && !isOwn(payment.SignatureIndex));
  if (unpaid.length === 0) return null;
  return unpaid.map((payment) => {
    const party = signatures.find((slot) => slot.index === payment.SignatureIndex);
    const name = party?.clarifiedName || party?.label || payment.Label;
    return (
      <Frame key={payment.SignatureIndex}>
        <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('signPay.waitingFor', { name })}
        </Typography>
        <Typography color="text.secondary">{t('signPay.waitingText', { label: payment.Label })}</Typography>
      </Frame>
    );
  });
}

function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('signPay.heading')}
      aria-live="polite"
      sx={{ mx: 'auto', my: 2, maxWidth: 560, p: { xs: 2.5, sm: 3 }, textAlign: 'center' }}
    >
      {children}
    </Paper>
  );
}
