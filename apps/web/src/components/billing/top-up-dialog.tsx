import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StartTopUpRequest, TopUpProductsResponse } from '@signlink/contracts/billing/top-up';
import { listTopUpProductsRoute } from '@signlink/contracts/billing/top-up.routes';
import { vatOf } from '@signlink/contracts/billing/vat';
import type { Currency } from '@signlink/contracts/constants';
import { formatMoney } from '@signlink/contracts/format/format-amount';
import type { Locale } from '@signlink/contracts/locales';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context.tsx';
import { createBillingApi } from '../../api/billing-api.ts';
import { useApiQuery } from '../../api/use-api-query.ts';
import { currentLocale } from '../../i18n/create-app-i18n.ts';
import { externalNavigation } from '../../lib/leave-app.ts';
import { AppDialog } from '../dialogs/app-dialog.tsx';
import { FormError } from '../forms/form-error.tsx';
import { MoneyText } from './money-text.tsx';
import { parseMoneyInput } from './parse-money-input.ts';

const customChoice = 'custom';

/** What the custom field holds: an amount within the limits, or why not. */
type CustomAmount = { amount: number } | { problem: 'invalid' | 'outOfRange' };

function readCustomAmount(typed: string, products: TopUpProductsResponse, locale: Locale): CustomAmount {
  const amount = parseMoneyInput(typed, locale);
  if (amount === null) return { problem: 'invalid' };
  if (amount < products.CustomAmountMin || amount > products.CustomAmountMax) return { problem: 'outOfRange' };
  return { amount };
}

/**
 * SPEC sections 5 and 9's top-up: a product of the price list or a custom amount within the server's limits, VAT on
 * top for Swedish customers; Continue starts the payment and leaves for Stripe's checkout page. The server prices
 * it again, so what is shown here is only what it will charge.
 */
export function TopUpDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const products = useApiQuery(listTopUpProductsRoute, {}, { silent: true }, { retry: false });
  const [isStarting, setIsStarting] = useState(false);

  return (
    <AppDialog
      title={t('billing.topUp.title')}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          {products.data && (
            <Button
              type="submit"
              form={formId}
              variant="contained"
              disabled={isStarting}
              startIcon={isStarting ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {t('billing.topUp.continue')}
            </Button>
          )}
        </>
      }
    >
      {products.isPending && (
        <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress />
        </Box>
      )}
      {products.isError && <FormError error={products.error} />}
      {products.data && <TopUpForm formId={formId} products={products.data} onStarting={setIsStarting} />}
    </AppDialog>
  );
}

interface TopUpFormProps {
  formId: string;
  products: TopUpProductsResponse;
  onStarting: (isStarting: boolean) => void;
}

function TopUpForm({ formId, products, onStarting }: TopUpFormProps) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const api = createBillingApi(useApiClient());
  const customId = useId();
  const [choice, setChoice] = useState<string>(products.Products[0]?.ProductId ?? customChoice);
  const [typed, setTyped] = useState('');
  const [isTypedShown, setIsTypedShown] = useState(false);
  const [starting, setStartingState] = useState<{ step: 'idle' | 'starting' } | { step: 'failed'; error: unknown }>({
    step: 'idle',
  });
  const isStarting = useRef(false);
  const setStarting = (next: typeof starting) => {
    setStartingState(next);
    onStarting(next.step === 'starting');
  };
  const currency = products.Currency;
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const custom = readCustomAmount(typed, products, locale);
  // Said once the field is left or Continue pressed, not at the first keystroke.
  const problem = choice === customChoice && isTypedShown && 'problem' in custom ? custom.problem : null;
  const limits = t('billing.topUp.limits', {
    min: money(products.CustomAmountMin),
    max: money(products.CustomAmountMax),
  });

  const problemText = (problem: 'invalid' | 'outOfRange') =>
    problem === 'outOfRange'
      ? t('errors:topUpAmountOutOfRange')
      : t('billing.topUp.amountInvalid', { example: locale === 'sv' ? '750,50' : '750.50' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A state update reaches the button only after a render; two quick clicks must still start one payment.
    if (isStarting.current) return;
    let body: StartTopUpRequest;
    if (choice === customChoice) {
      setIsTypedShown(true);
      if ('problem' in custom) return;
      body = { Amount: custom.amount };
    } else {
      body = { ProductId: choice as Extract<StartTopUpRequest, { ProductId: string }>['ProductId'] };
    }
    isStarting.current = true;
    setStarting({ step: 'starting' });
    try {
      const started = await api.startTopUp(body);
      // Stripe's hosted page, outside the app: it returns to /paymentsuccess or /paymentcancelled.
      externalNavigation.assign(started.Url);
    } catch (error) {
      isStarting.current = false;
      setStarting({ step: 'failed', error });
    }
  };

  return (
    <Stack component="form" id={formId} noValidate onSubmit={submit} spacing={2} sx={{ pt: 1 }}>
      <RadioGroup
        aria-label={t('billing.topUp.choose')}
        value={choice}
        onChange={(event) => setChoice(event.target.value)}
      >
        {products.Products.map((product) => (
          <FormControlLabel
            key={product.ProductId}
            value={product.ProductId}
            control={<Radio />}
            sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } }}
            label={
              <Box sx={{ pt: 0.75 }}>
                <Typography component="span" sx={{ fontWeight: 600 }}>
                  <MoneyText minor={product.Amount} currency={product.Currency} />
                </Typography>
                <PriceLine vat={product.Vat} total={product.Total} currency={product.Currency} />
              </Box>
            }
          />
        ))}
        <FormControlLabel value={customChoice} control={<Radio />} label={t('billing.topUp.custom')} />
      </RadioGroup>
      {choice === customChoice && (
        <Stack spacing={1}>
          <TextField
            id={customId}
            label={t('billing.topUp.customAmount', { currency })}
            value={typed}
            autoFocus
            autoComplete="off"
            error={problem !== null}
            helperText={problem ? `${problemText(problem)} ${limits}` : limits}
            onChange={(event) => setTyped(event.target.value)}
            onBlur={() => setIsTypedShown(typed !== '')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          {'amount' in custom && (
            <PriceLine
              vat={vatOf(custom.amount, products.VatPercent)}
              total={custom.amount + vatOf(custom.amount, products.VatPercent)}
              currency={currency}
            />
          )}
        </Stack>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('billing.topUp.terms')}
      </Typography>
      {starting.step === 'starting' && (
        <Alert severity="info" role="status" icon={<CircularProgress size={18} />}>
          {t('billing.topUp.leaving')}
        </Alert>
      )}
      {starting.step === 'failed' && <FormError error={starting.error} />}
    </Stack>
  );
}

/** The VAT and the amount the card is charged, or that no VAT is added (outside Sweden, SPEC section 9). */
function PriceLine({ vat, total, currency }: { vat: number; total: number; currency: Currency }) {
  const { t, i18n } = useTranslation();
  const money = (minor: number) => formatMoney(minor, currency, currentLocale(i18n));
  return (
    <Typography variant="body2" color="text.secondary">
      {vat > 0
        ? t('billing.topUp.withVat', { vat: money(vat), total: money(total) })
        : t('billing.topUp.noVat', { total: money(total) })}
    </Typography>
  );
}
