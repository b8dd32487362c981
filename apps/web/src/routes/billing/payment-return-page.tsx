import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { listPricePlansRoute } from '@signlink/contracts/billing/price-plans.routes';
import type { PaymentSession } from '@signlink/contracts/billing/top-up';
import { formatMoneyForDisplay } from '@signlink/contracts/format/format-amount';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { useApiQuery } from '../../api/use-api-query.ts';
import { formatDate } from '../../components/documents/format-date.ts';
import { FormError } from '../../components/forms/form-error.tsx';
import { PageLayout } from '../../components/layout/page-layout.tsx';
import { currentLocale } from '../../i18n/create-app-i18n.ts';
import { usePaymentSession } from './use-payment-session.ts';

/**
 * SPEC section 2's return pages: Stripe's checkout sends the buyer back to /paymentsuccess (or /paymentreturn) with
 * its session id, or to /paymentcancelled with our payment id; both are `session_id`, and `sessions/{id}` takes either.
 * The page asks until the payment is final and says what happened. Leaving through Cancel changes nothing at Stripe
 * (the session stays open until it lapses), so on /paymentcancelled a pending payment reads as cancelled, unpolled.
 */
export function PaymentReturnPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const isCancelPage = pathname === '/paymentcancelled';
  const id = search.get('session_id') ?? '';

  return (
    <PageLayout>
      <Box sx={{ width: '100%', maxWidth: 640, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 5 } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, mb: 3 }}>
          {t(pathname === '/subscriptionpaymentreturn' ? 'billing.payment.planHeading' : 'billing.payment.heading')}
        </Typography>
        {id ? (
          <PaymentOutcome id={id} isCancelPage={isCancelPage} />
        ) : (
          <Outcome severity="error" text={t('billing.payment.noSession')} />
        )}
      </Box>
    </PageLayout>
  );
}

function PaymentOutcome({ id, isCancelPage }: { id: string; isCancelPage: boolean }) {
  const { t } = useTranslation();
  const { payment, hasGivenUp } = usePaymentSession(id, { isPolling: !isCancelPage });
  if (payment.isError) {
    return (
      <Stack spacing={2}>
        <FormError error={payment.error} />
        <Links />
      </Stack>
    );
  }
  if (!payment.data) {
    return (
      <Stack direction="row" role="status" sx={{ alignItems: 'center', gap: 2 }}>
        <CircularProgress size={24} />
        <Typography>{t('billing.payment.checking')}</Typography>
      </Stack>
    );
  }
  const status = isCancelPage && payment.data.Status === 'pending' ? 'cancelled' : payment.data.Status;
  return <StatusOutcome status={status} session={payment.data} hasGivenUp={hasGivenUp} />;
}

interface StatusOutcomeProps {
  status: PaymentSession['Status'];
  session: PaymentSession;
  hasGivenUp: boolean;
}

function StatusOutcome({ status, session, hasGivenUp }: StatusOutcomeProps) {
  const { t, i18n } = useTranslation();
  const money = (minor: number) => formatMoneyForDisplay(minor, session.Currency, currentLocale(i18n));
  if (status === 'paid' && session.Kind === 'price-plan') return <PlanPaid session={session} />;
  // An add-on's year moves no balance: say what was bought instead, and try again from the add-ons.
  const isAddOn = session.Kind === 'add-on';
  if (status === 'paid') {
    return (
      <Stack spacing={2}>
        <Outcome
          severity="success"
          title={t('billing.payment.paidTitle')}
          text={
            isAddOn
              ? t('billing.payment.addOnPaid', { addOn: t(`billing.addOns.names.${session.ProductId}`) })
              : t('billing.payment.paid', { amount: money(session.Amount), balance: money(session.TotalBalance) })
          }
        />
        <Links receiptId={session.ReceiptId} isAddOn={isAddOn} />
      </Stack>
    );
  }
  if (status === 'pending') {
    return (
      <Stack spacing={2}>
        <Outcome
          severity="info"
          title={t('errors:paymentPending')}
          text={hasGivenUp ? t('billing.payment.pendingGivenUp') : t('billing.payment.pending')}
          isBusy={!hasGivenUp}
        />
        <Links />
      </Stack>
    );
  }
  const failedText = isAddOn ? t('billing.payment.addOnFailed') : t('billing.payment.failed');
  const title = {
    failed: t('errors:paymentFailed'),
    cancelled: t('errors:paymentCancelled'),
    expired: t('billing.payment.expiredTitle'),
  }[status];
  return (
    <Stack spacing={2}>
      <Outcome
        severity={status === 'failed' ? 'error' : 'warning'}
        title={title}
        text={status !== 'failed' ? t('billing.payment.notCharged') : failedText}
      />
      <Links canTryAgain isAddOn={isAddOn} />
    </Stack>
  );
}

/** A plan ordered by card: it started when Stripe said paid (its period is on the receipt). */
function PlanPaid({ session }: { session: PaymentSession }) {
  const { t, i18n } = useTranslation();
  const plans = useApiQuery(listPricePlansRoute, {}, { silent: true }, { retry: false });
  const active = plans.data?.Active;
  const plan = t(`billing.plans.names.${session.ProductId ?? active?.PricePlanId ?? 'SMALL'}`);
  return (
    <Stack spacing={2}>
      <Outcome
        severity="success"
        title={t('billing.payment.paidTitle')}
        text={
          active
            ? t('billing.payment.planPaid', { plan, date: formatDate(active.EndDate, i18n.language) })
            : t('billing.payment.checking')
        }
        isBusy={!active}
      />
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} to="/billing/price-plan">
          {t('billing.payment.toPlan')}
        </Button>
        {session.ReceiptId && (
          <Button
            variant="outlined"
            component={RouterLink}
            to={`/billing/receipts?receipt=${encodeURIComponent(session.ReceiptId)}`}
          >
            {t('billing.payment.viewReceipt')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

interface OutcomeProps {
  severity: 'success' | 'info' | 'warning' | 'error';
  title?: string;
  text: string;
  isBusy?: boolean;
}

/** One outcome, announced as it changes (role status), the way the gift-card dialog says its result. */
function Outcome({ severity, title, text, isBusy = false }: OutcomeProps) {
  return (
    <Alert
      severity={severity}
      role="status"
      icon={isBusy ? <CircularProgress size={20} aria-hidden /> : undefined}
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      {title && (
        <Typography component="h2" sx={{ fontWeight: 600, fontSize: '1.1rem', mb: 0.5 }}>
          {title}
        </Typography>
      )}
      <Typography>{text}</Typography>
    </Alert>
  );
}

interface LinksProps {
  receiptId?: string;
  canTryAgain?: boolean;
  isAddOn?: boolean;
}

function Links({ receiptId, canTryAgain = false, isAddOn = false }: LinksProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
      {canTryAgain && (
        <Button
          variant="contained"
          component={RouterLink}
          to={isAddOn ? '/billing/add-ons' : '/billing/balance?topup=1'}
        >
          {t('billing.payment.tryAgain')}
        </Button>
      )}
      {receiptId && (
        <Button
          variant="contained"
          component={RouterLink}
          to={`/billing/receipts?receipt=${encodeURIComponent(receiptId)}`}
        >
          {t('billing.payment.viewReceipt')}
        </Button>
      )}
      <Button
        variant={canTryAgain || receiptId ? 'outlined' : 'contained'}
        component={RouterLink}
        to={isAddOn ? '/billing/add-ons' : '/billing/balance'}
      >
        {t('billing.payment.toBilling')}
      </Button>
    </Stack>
  );
}
