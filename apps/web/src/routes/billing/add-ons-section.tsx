import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type AddOn, addOnRenewalWindowDays } from '@signlink/contracts/billing/add-on-catalogue';
import { listAddOnsRoute, listSmartFieldsRoute } from '@signlink/contracts/billing/add-on-catalogue.routes';
import { vatOf } from '@signlink/contracts/billing/vat';
import { formatMoney } from '@signlink/contracts/format/format-amount';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context.tsx';
import { createBillingApi } from '../../api/billing-api.ts';
import { useApiQuery } from '../../api/use-api-query.ts';
import { MoneyText } from '../../components/billing/money-text.tsx';
import { formatDate } from '../../components/documents/format-date.ts';
import { FormError } from '../../components/forms/form-error.tsx';
import { currentLocale } from '../../i18n/create-app-i18n.ts';
import { externalNavigation } from '../../lib/leave-app.ts';

type Purchase =
  | { step: 'idle' }
  | { step: 'starting'; addOnId: string }
  | { step: 'failed'; addOnId: string; error: unknown };

/**
 * `GET addons`: each add-on with its yearly fee (VAT on top for Swedish customers), whether it is active and until
 * when, and Buy or Renew, which starts the payment and leaves for Stripe's checkout page like a top-up. The server
 * prices the purchase again and refuses one with more than 30 days left.
 */
export function AddOnsSection() {
  const { t } = useTranslation();
  const addOns = useApiQuery(listAddOnsRoute, {}, { silent: true }, { retry: false });
  const api = createBillingApi(useApiClient());
  const [purchase, setPurchase] = useState<Purchase>({ step: 'idle' });
  // A state update reaches the buttons only after a render; two quick clicks must still start one payment.
  const isStarting = useRef(false);

  const buy = async (addOn: AddOn) => {
    if (isStarting.current) return;
    isStarting.current = true;
    setPurchase({ step: 'starting', addOnId: addOn.AddOnId });
    try {
      const started = await api.startAddOnPurchase({ AddOnId: addOn.AddOnId });
      // Stripe's hosted page, outside the app: it returns to /paymentsuccess or /paymentcancelled.
      externalNavigation.assign(started.Url);
    } catch (error) {
      isStarting.current = false;
      setPurchase({ step: 'failed', addOnId: addOn.AddOnId, error });
    }
  };

  return (
    <Stack spacing={3} component="section" aria-labelledby="billing-add-ons-heading">
      <div>
        <Typography id="billing-add-ons-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {t('billing.addOns.heading')}
        </Typography>
        <Typography color="text.secondary">{t('billing.addOns.intro', { days: addOnRenewalWindowDays })}</Typography>
      </div>
      {addOns.isPending && (
        <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress />
        </Box>
      )}
      {addOns.isError && <FormError error={addOns.error} />}
      {addOns.data && (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {addOns.data.AddOns.map((addOn) => (
            <AddOnRow
              key={addOn.AddOnId}
              addOn={addOn}
              purchase={purchase}
              isBusy={purchase.step === 'starting'}
              onBuy={() => void buy(addOn)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

interface AddOnRowProps {
  addOn: AddOn;
  purchase: Purchase;
  isBusy: boolean;
  onBuy: () => void;
}

function AddOnRow({ addOn, purchase, isBusy, onBuy }: AddOnRowProps) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const name = t(`billing.addOns.names.${addOn.AddOnId}`);
  const headingId = `add-on-${addOn.AddOnId}`;
  const vat = vatOf(addOn.YearlyFee, addOn.VatPercent);
  const money = (minor: number) => formatMoney(minor, addOn.Currency, locale);
  const until = addOn.ActiveUntil ? formatDate(addOn.ActiveUntil, i18n.language) : null;
  let state = t('billing.addOns.inactive');
  if (addOn.Active) state = until ? t('billing.addOns.activeUntil', { date: until }) : t('billing.addOns.activeNoEnd');
  const isMine = purchase.step !== 'idle' && purchase.addOnId === addOn.AddOnId;
  const action = addOn.Active ? 'renew' : 'buy';

  return (
    <Paper component="li" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 2 }}>
        <Stack spacing={0.75} sx={{ minWidth: 0 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography id={headingId} component="h3" sx={{ fontWeight: 600 }}>
              {name}
            </Typography>
            <Chip size="small" color={addOn.Active ? 'success' : 'default'} label={state} />
          </Stack>
          <Typography variant="body2">{t(`billing.addOns.descriptions.${addOn.AddOnId}`)}</Typography>
          {addOn.AddOnId === 'smart-fields' && <SmartFieldList />}
          <Typography>
            {t('billing.addOns.perYear')} <MoneyText minor={addOn.YearlyFee} currency={addOn.Currency} />
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {vat > 0
              ? t('billing.addOns.withVat', { vat: money(vat), total: money(addOn.YearlyFee + vat) })
              : t('billing.addOns.noVat', { total: money(addOn.YearlyFee) })}
          </Typography>
          {addOn.Active && !addOn.CanBuy && until && (
            <Typography variant="body2" color="text.secondary">
              {t('billing.addOns.renewLater', { days: addOnRenewalWindowDays })}
            </Typography>
          )}
        </Stack>
        {addOn.CanBuy && (
          <Box sx={{ flexShrink: 0 }}>
            <Button
              variant={addOn.Active ? 'outlined' : 'contained'}
              onClick={onBuy}
              disabled={isBusy}
              aria-label={t(`billing.addOns.${action}Named`, { name })}
              startIcon={isMine && isBusy ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {t(`billing.addOns.${action}`)}
            </Button>
          </Box>
        )}
      </Stack>
      {isMine && purchase.step === 'starting' && (
        <Alert severity="info" role="status" sx={{ mt: 1.5 }}>
          {t('billing.addOns.leaving')}
        </Alert>
      )}
      {isMine && purchase.step === 'failed' && (
        <Box sx={{ mt: 1.5 }}>
          <FormError error={purchase.error} />
        </Box>
      )}
    </Paper>
  );
}

/** `GET addons/smartfields`: what the smart-fields add-on fills in, named in the reader's language. */
function SmartFieldList() {
  const { t } = useTranslation();
  const fields = useApiQuery(listSmartFieldsRoute, {}, { silent: true }, { retry: false });
  if (!fields.data) return null;
  return (
    <Box component="ul" aria-label={t('billing.addOns.smartFields')} sx={{ m: 0, pl: 3 }}>
      {fields.data.SmartFields.map((field) => (
        <Typography component="li" variant="body2" key={field.SmartFieldId}>
          {t(`billing.addOns.smartFieldNames.${field.SmartFieldId}`)}
        </Typography>
      ))}
    </Box>
  );
}
