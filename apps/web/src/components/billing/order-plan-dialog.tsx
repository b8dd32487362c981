import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PricePlan } from '@signlink/contracts/billing/price-plans';
import { vatOf } from '@signlink/contracts/billing/vat';
import { formatMoney } from '@signlink/contracts/format/format-amount';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useApiClient } from '../../api/api-context.tsx';
import { createBillingApi, pricePlansQueryPath } from '../../api/billing-api.ts';
import { useSession } from '../../api/session-context.tsx';
import { currentLocale } from '../../i18n/create-app-i18n.ts';
import { externalNavigation } from '../../lib/leave-app.ts';
import { AppDialog } from '../dialogs/app-dialog.tsx';
import { FormError } from '../forms/form-error.tsx';

export interface PlanOrdered {
  planId: PricePlan['PricePlanId'];
  invoiceNumber: number;
}

type Method = 'card' | 'invoice';

/**
 * Ordering a plan (SPEC sections 3 and 9): how many years and how to pay. By card it leaves for Stripe's checkout and
 * starts once paid (/subscriptionpaymentreturn); by invoice, for registered invoice customers, it starts at once and
 * the invoice goes to the invoice e-mail. The server prices it again; what is shown is what it will charge.
 */
export function OrderPlanDialog(props: {
  plan: PricePlan;
  maxYears: number;
  canInvoice: boolean;
  onClose: () => void;
  onOrdered: (ordered: PlanOrdered) => void;
}) {
  const { plan, maxYears, canInvoice, onClose, onOrdered } = props;
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const formId = useId();
  const methodLabelId = useId();
  const yearsLabelId = useId();
  const api = createBillingApi(useApiClient());
  const queryClient = useQueryClient();
  const session = useSession();
  const [years, setYears] = useState(1);
  const [method, setMethod] = useState<Method>('card');
  const [state, setState] = useState<{ step: 'idle' | 'busy' } | { step: 'failed'; error: unknown }>({ step: 'idle' });
  const isBusy = useRef(false);
  const name = t(`billing.plans.names.${plan.PricePlanId}`);
  const subtotal = plan.YearlyFee * years;
  const vat = vatOf(subtotal, plan.VatPercent);
  const money = (minor: number) => formatMoney(minor, plan.Currency, locale);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Two quick clicks must still place one order: the state reaches the button only after a render.
    if (isBusy.current) return;
    isBusy.current = true;
    setState({ step: 'busy' });
    try {
      if (method === 'card') {
        const started = await api.orderPricePlan(plan.PricePlanId, years);
        externalNavigation.assign(started.Url);
        return;
      }
      const ordered = await api.invoicePricePlan(plan.PricePlanId, years);
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['api', pricePlansQueryPath] }), session.reload()]);
      onOrdered({ planId: plan.PricePlanId, invoiceNumber: ordered.InvoiceNumber });
    } catch (error) {
      isBusy.current = false;
      setState({ step: 'failed', error });
    }
  };

  return (
    <AppDialog
      title={t('billing.plans.orderTitle', { plan: name })}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="submit"
            form={formId}
            variant="contained"
            disabled={state.step === 'busy'}
            startIcon={state.step === 'busy' ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t(method === 'card' ? 'billing.plans.payByCard' : 'billing.plans.orderByInvoice')}
          </Button>
        </>
      }
    >
      <Stack component="form" id={formId} noValidate onSubmit={submit} spacing={2.5} sx={{ pt: 1 }}>
        <div>
          <FormLabel id={yearsLabelId}>{t('billing.plans.years')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby={yearsLabelId}
            value={String(years)}
            onChange={(event) => setYears(Number(event.target.value))}
          >
            {Array.from({ length: maxYears }, (_, index) => index + 1).map((count) => (
              <FormControlLabel
                key={count}
                value={String(count)}
                control={<Radio />}
                label={t('billing.plans.yearCount', { count })}
              />
            ))}
          </RadioGroup>
        </div>
        <div>
          <FormLabel id={methodLabelId}>{t('billing.plans.method')}</FormLabel>
          <RadioGroup
            aria-labelledby={methodLabelId}
            value={method}
            onChange={(event) => setMethod(event.target.value as Method)}
          >
            <FormControlLabel value="card" control={<Radio />} label={t('billing.plans.methods.card')} />
            <FormControlLabel
              value="invoice"
              control={<Radio />}
              disabled={!canInvoice}
              label={t('billing.plans.methods.invoice')}
            />
          </RadioGroup>
          {!canInvoice && (
            <Typography variant="body2" color="text.secondary">
              {t('billing.plans.invoiceNeedsRegistration')}{' '}
              <Link component={RouterLink} to="/billing/invoice-customer" onClick={onClose}>
                {t('billing.plans.registerInvoiceCustomer')}
              </Link>
            </Typography>
          )}
        </div>
        <Stack spacing={0.5} role="group" aria-label={t('billing.plans.summary')}>
          <Typography>{t('billing.plans.subtotal', { amount: money(subtotal), count: years })}</Typography>
          <Typography>
            {vat > 0
              ? t('billing.plans.vat', { percent: plan.VatPercent, amount: money(vat) })
              : t('billing.plans.noVatLine')}
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>
            {t('billing.plans.total', { amount: money(subtotal + vat) })}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t(method === 'card' ? 'billing.plans.cardTerms' : 'billing.plans.invoiceTerms', {
            count: plan.SignaturesPerYear,
          })}
        </Typography>
        {state.step === 'busy' && method === 'card' && (
          <Alert severity="info" role="status" icon={<CircularProgress size={18} />}>
            {t('billing.topUp.leaving')}
          </Alert>
        )}
        {state.step === 'failed' && <FormError error={state.error} />}
      </Stack>
    </AppDialog>
  );
}
