import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PricePlan, PricePlansResponse } from '@signlink/contracts/billing/price-plans';
import { listPricePlansRoute } from '@signlink/contracts/billing/price-plans.routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../api/use-api-query.ts';
import { MoneyText } from '../../components/billing/money-text.tsx';
import { OrderPlanDialog, type PlanOrdered } from '../../components/billing/order-plan-dialog.tsx';
import { FormError } from '../../components/forms/form-error.tsx';
import { ActivePlanCard } from './active-plan-card.tsx';

/**
 * `GET priceplans` (SPEC sections 3, 5 and 9): the account's plan, if any, with its signatures this plan year and its
 * renewal or end, and the three plans to order by card or invoice. Only a company account may order; one plan at a
 * time.
 */
export function PricePlanSection() {
  const { t } = useTranslation();
  const plans = useApiQuery(listPricePlansRoute, {}, { silent: true }, { retry: false });
  const [ordering, setOrdering] = useState<PricePlan | null>(null);
  const [ordered, setOrdered] = useState<PlanOrdered | null>(null);

  return (
    <Stack spacing={3} component="section" aria-labelledby="billing-plan-heading">
      <div>
        <Typography id="billing-plan-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {t('billing.tabs.pricePlan')}
        </Typography>
        <Typography color="text.secondary">
          {t('billing.plans.intro', { days: plans.data?.CancelNoticeDays ?? 30 })}
        </Typography>
      </div>
      {plans.isPending && (
        <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress />
        </Box>
      )}
      {plans.isError && <FormError error={plans.error} />}
      {ordered && (
        <Alert severity="success" role="status" onClose={() => setOrdered(null)}>
          {t('billing.plans.orderedByInvoice', {
            plan: t(`billing.plans.names.${ordered.planId}`),
            number: ordered.invoiceNumber,
          })}
        </Alert>
      )}
      {plans.data && <PlanChoices data={plans.data} onOrder={(plan) => setOrdering(plan)} />}
      {ordering && plans.data && (
        <OrderPlanDialog
          plan={ordering}
          maxYears={plans.data.MaxYears}
          canInvoice={plans.data.InvoiceCustomer}
          onClose={() => setOrdering(null)}
          onOrdered={(result) => {
            setOrdering(null);
            setOrdered(result);
          }}
        />
      )}
    </Stack>
  );
}

function PlanChoices({ data, onOrder }: { data: PricePlansResponse; onOrder: (plan: PricePlan) => void }) {
  const { t } = useTranslation();
  const canOrder = data.CanOrder && data.Active === null;
  return (
    <>
      {!data.CanOrder && <Alert severity="info">{t('errors:pricePlanNeedsCompany')}</Alert>}
      {data.Active ? (
        <ActivePlanCard plan={data.Active} cancelNoticeDays={data.CancelNoticeDays} />
      ) : (
        data.CanOrder && <Typography>{t('billing.plans.none')}</Typography>
      )}
      <Typography variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
        {t('billing.plans.choose')}
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { md: 'repeat(3, 1fr)' } }}
      >
        {data.Plans.map((plan) => (
          <PlanCard
            key={plan.PricePlanId}
            plan={plan}
            isCurrent={data.Active?.PricePlanId === plan.PricePlanId}
            canOrder={canOrder}
            onOrder={() => onOrder(plan)}
          />
        ))}
      </Box>
      {data.Active && data.CanOrder && (
        <Typography variant="body2" color="text.secondary">
          {t('billing.plans.onePlan')}
        </Typography>
      )}
    </>
  );
}

interface PlanCardProps {
  plan: PricePlan;
  isCurrent: boolean;
  canOrder: boolean;
  onOrder: () => void;
}

function PlanCard({ plan, isCurrent, canOrder, onOrder }: PlanCardProps) {
  const { t } = useTranslation();
  const name = t(`billing.plans.names.${plan.PricePlanId}`);
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={name}
      sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1.5, borderWidth: isCurrent ? 2 : 1 }}
    >
      <Typography component="h4" sx={{ fontWeight: 700, fontSize: '1.15rem' }}>
        {name}
        {isCurrent && (
          <Typography component="span" color="text.secondary" sx={{ fontWeight: 400, fontSize: '0.9rem', ml: 1 }}>
            {t('billing.plans.current')}
          </Typography>
        )}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>
        <MoneyText minor={plan.YearlyFee} currency={plan.Currency} /> {t('billing.plans.perYear')}
      </Typography>
      <Typography component="ul" variant="body2" sx={{ pl: 2.5, m: 0, flexGrow: 1 }}>
        <li>{t('billing.plans.signatures', { count: plan.SignaturesPerYear })}</li>
        <li>{t(plan.AllowsSharing ? 'billing.plans.sharing' : 'billing.plans.noSharing')}</li>
        <li>
          {t(plan.VatPercent > 0 ? 'billing.plans.vatAdded' : 'billing.plans.noVat', { percent: plan.VatPercent })}
        </li>
      </Typography>
      <Box>
        <Button variant="contained" disabled={!canOrder} onClick={onOrder}>
          {t('billing.plans.order', { plan: name })}
        </Button>
      </Box>
    </Paper>
  );
}
