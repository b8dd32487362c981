import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ActivePricePlan } from '@signlink/contracts/billing/price-plans';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context.tsx';
import { createBillingApi, pricePlansQueryPath } from '../../api/billing-api.ts';
import { useSession } from '../../api/session-context.tsx';
import { useDialogs } from '../../components/dialogs/dialogs-context.tsx';
import { formatDate } from '../../components/documents/format-date.ts';
import { FormError } from '../../components/forms/form-error.tsx';

/**
 * The account's live plan: its term, this plan year's signatures (unused ones lapse when the year ends), how it is
 * paid, and whether it renews. Cancel is offered until 30 days before the end (SPEC section 9); a cancelled plan is
 * usable until its end date.
 */
export function ActivePlanCard({ plan, cancelNoticeDays }: { plan: ActivePricePlan; cancelNoticeDays: number }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatDate(iso, i18n.language);
  const name = t(`billing.plans.names.${plan.PricePlanId}`);
  const left = Math.max(plan.SignaturesPerYear - plan.SignaturesUsed, 0);
  const facts: [string, string][] = [
    [t('billing.plans.facts.status'), t(`billing.plans.statuses.${plan.Status}`, { date: date(plan.EndDate) })],
    [t('billing.plans.facts.period'), t('billing.plans.range', { from: date(plan.StartDate), to: date(plan.EndDate) })],
    [
      t('billing.plans.facts.signatures'),
      t('billing.plans.signaturesLeft', { left, count: plan.SignaturesPerYear, date: date(plan.YearEndDate) }),
    ],
    [t('billing.plans.facts.payment'), t(`billing.plans.methods.${plan.PaymentMethod}`)],
    [
      t('billing.plans.facts.renewal'),
      plan.Renews
        ? t('billing.plans.renews', { date: date(plan.EndDate) })
        : t('billing.plans.ends', { date: date(plan.EndDate) }),
    ],
  ];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="billing-active-plan" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography id="billing-active-plan" variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
          {t('billing.plans.yourPlan', { plan: name })}
        </Typography>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: { sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1 }}
        >
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        {plan.Status === 'active' && <CancelPlan plan={plan} name={name} cancelNoticeDays={cancelNoticeDays} />}
      </Stack>
    </Paper>
  );
}

function CancelPlan({
  plan,
  name,
  cancelNoticeDays,
}: {
  plan: ActivePricePlan;
  name: string;
  cancelNoticeDays: number;
}) {
  const { t, i18n } = useTranslation();
  const api = createBillingApi(useApiClient());
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const session = useSession();
  const [error, setError] = useState<unknown>(null);
  const isCancelling = useRef(false);
  const [isBusy, setIsBusy] = useState(false);
  const cancelBy = plan.CancelBy ? formatDate(plan.CancelBy, i18n.language) : null;
  const isTooLate = plan.CancelBy === null || Date.now() > Date.parse(plan.CancelBy);

  if (isTooLate) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('billing.plans.tooLateToCancel', { days: cancelNoticeDays, date: formatDate(plan.EndDate, i18n.language) })}
      </Typography>
    );
  }

  const cancel = async () => {
    if (isCancelling.current) return;
    const isSure = await dialogs.confirm({
      title: t('billing.plans.cancelTitle', { plan: name }),
      message: t('billing.plans.cancelQuestion', { date: formatDate(plan.EndDate, i18n.language) }),
      yesLabel: t('billing.plans.cancelYes'),
      noLabel: t('billing.plans.cancelNo'),
    });
    if (!isSure) return;
    isCancelling.current = true;
    setIsBusy(true);
    setError(null);
    try {
      await api.cancelPricePlan();
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['api', pricePlansQueryPath] }), session.reload()]);
    } catch (caught) {
      setError(caught);
    } finally {
      isCancelling.current = false;
      setIsBusy(false);
    }
  };

  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {t('billing.plans.cancelUntil', { date: cancelBy })}
      </Typography>
      {error !== null && <FormError error={error} />}
      {error === null && isBusy && <Alert severity="info">{t('billing.plans.cancelling')}</Alert>}
      <Box>
        <Button variant="outlined" color="error" onClick={cancel} disabled={isBusy}>
          {t('billing.plans.cancel', { plan: name })}
        </Button>
      </Box>
    </Stack>
  );
}
