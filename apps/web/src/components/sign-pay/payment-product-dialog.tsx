import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Currency } from '@signlink/contracts/constants';
import { formatAmount, formatMoney } from '@signlink/contracts/format/format-amount';
import {
  type PaymentProduct,
  type PaymentTaxCode,
  paymentProductDescriptionMaxLength,
  paymentProductNameMaxLength,
  paymentProductPriceMax,
  paymentProductPriceMin,
  signPayAmounts,
  type TaxBehavior,
  taxBehaviors,
  taxCodeVatPercent,
} from '@signlink/contracts/sign-pay/payment-products';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context.tsx';
import {
  createSignPayApi,
  defaultTaxCodePath,
  paymentProductsPath,
  useDefaultTaxCode,
} from '../../api/sign-pay-api.ts';
import { currentLocale } from '../../i18n/create-app-i18n.ts';
import { parseMoneyInput } from '../billing/parse-money-input.ts';
import { FormDialog } from '../dialogs/form-dialog.tsx';
import { FormError } from '../forms/form-error.tsx';
import { useStepCall } from '../forms/step-form.tsx';

/**
 * A new Sign & Pay product (SPEC section 3 "Payment link / product"), from settings or the editor's party card: the
 * price typed in major units with the reader's decimal separator and sent as whole minor units; the VAT and total
 * shown as they are typed, computed as the server computes them (signPayAmounts), which answers the authority.
 */
export function PaymentProductDialog({
  currency,
  onClose,
  onCreated,
}: {
  /** The account's: the server prices every product in it. */
  currency: Currency;
  onClose: () => void;
  onCreated: (product: PaymentProduct) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const api = createSignPayApi(useApiClient());
  const queryClient = useQueryClient();
  const defaults = useDefaultTaxCode();
  const call = useStepCall();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [chosenTaxCode, setTaxCode] = useState<PaymentTaxCode | null>(null);
  const [typedPrice, setTypedPrice] = useState('');
  const [taxBehavior, setTaxBehavior] = useState<TaxBehavior>('inclusive');
  const [allowMultipleUse, setAllowMultipleUse] = useState(true);
  const [rememberTaxCode, setRememberTaxCode] = useState(false);

  const taxCodes = defaults.data?.TaxCodes ?? [];
  const taxCode = chosenTaxCode ?? defaults.data?.TaxCode ?? null;
  const vatPercent =
    taxCodes.find((code) => code.Code === taxCode)?.VatPercent ?? (taxCode ? taxCodeVatPercent[taxCode] : 0);
  const price = parseMoneyInput(typedPrice, locale);
  const isPriceInRange = price !== null && price >= paymentProductPriceMin && price <= paymentProductPriceMax;
  const amounts = isPriceInRange ? signPayAmounts(price, vatPercent, taxBehavior) : null;
  const nameProblem = call.isChecked && name.trim() === '';
  const priceProblem = call.isChecked && !isPriceInRange;
  const priceLimits = t('signPaySettings.dialog.priceLimits', {
    min: formatAmount(paymentProductPriceMin, locale),
    max: formatAmount(paymentProductPriceMax, locale),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    call.check();
    if (name.trim() === '' || !isPriceInRange || !taxCode) return;
    void call.run(async () => {
      const product = await api.createProduct({
        Name: name.trim(),
        Description: description.trim(),
        TaxCode: taxCode,
        Price: price,
        TaxBehavior: taxBehavior,
        AllowMultipleUse: allowMultipleUse,
        RememberTaxCode: rememberTaxCode,
      });
      await queryClient.invalidateQueries({ queryKey: ['api', paymentProductsPath] });
      if (rememberTaxCode) await queryClient.invalidateQueries({ queryKey: ['api', defaultTaxCodePath] });
      onCreated(product);
    });
  };

  return (
    <FormDialog
      title={t('signPaySettings.dialog.title')}
      intro={t('signPaySettings.dialog.intro', { currency })}
      submitLabel={t('signPaySettings.dialog.create')}
      onSubmit={submit}
      onClose={onClose}
      isProcessing={call.isProcessing}
      isSubmitDisabled={!taxCode}
      isFullScreenOnPhone
    >
      <TextField
        label={t('signPaySettings.dialog.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        autoFocus
        disabled={call.isProcessing}
        error={nameProblem}
        helperText={nameProblem ? t('signPaySettings.dialog.nameMissing') : undefined}
        slotProps={{ htmlInput: { maxLength: paymentProductNameMaxLength, autoComplete: 'off' } }}
      />
      <TextField
        label={t('signPaySettings.dialog.description')}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        multiline
        minRows={2}
        disabled={call.isProcessing}
        slotProps={{ htmlInput: { maxLength: paymentProductDescriptionMaxLength } }}
      />
      <TextField
        select
        label={t('signPaySettings.dialog.taxCode')}
        value={taxCode ?? ''}
        onChange={(event) => setTaxCode(event.target.value as PaymentTaxCode)}
        disabled={call.isProcessing || taxCodes.length === 0}
      >
        {taxCodes.map((code) => (
          <MenuItem key={code.Code} value={code.Code}>
            {t(`signPaySettings.taxCodes.${code.Code}`, { percent: code.VatPercent })}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('signPaySettings.dialog.price', { currency })}
        value={typedPrice}
        onChange={(event) => setTypedPrice(event.target.value)}
        required
        disabled={call.isProcessing}
        error={priceProblem}
        helperText={priceProblem ? `${t('signPaySettings.dialog.priceInvalid')} ${priceLimits}` : priceLimits}
        slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
      />
      <TextField
        select
        label={t('signPaySettings.dialog.taxBehavior')}
        value={taxBehavior}
        onChange={(event) => setTaxBehavior(event.target.value as TaxBehavior)}
        disabled={call.isProcessing}
      >
        {taxBehaviors.map((behavior) => (
          <MenuItem key={behavior} value={behavior}>
            {t(`signPaySettings.taxBehaviors.${behavior}`)}
          </MenuItem>
        ))}
      </TextField>
      <Stack role="status" aria-live="polite" sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 1.5 }}>
        {amounts ? (
          <>
            <Typography variant="body2">
              {t('signPaySettings.dialog.vatLine', {
                percent: vatPercent,
                amount: formatMoney(amounts.vatMinor, currency, locale),
              })}
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>
              {t('signPaySettings.dialog.totalLine', { amount: formatMoney(amounts.totalMinor, currency, locale) })}
            </Typography>
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('signPaySettings.dialog.totalPending')}
          </Typography>
        )}
      </Stack>
      <FormControlLabel
        control={
          <Checkbox checked={allowMultipleUse} onChange={(event) => setAllowMultipleUse(event.target.checked)} />
        }
        label={t('signPaySettings.dialog.allowMultipleUse')}
        disabled={call.isProcessing}
      />
      <FormControlLabel
        control={<Checkbox checked={rememberTaxCode} onChange={(event) => setRememberTaxCode(event.target.checked)} />}
        label={t('signPaySettings.dialog.rememberTaxCode')}
        disabled={call.isProcessing}
      />
      <FormError error={call.failure ?? (defaults.isError ? defaults.error : undefined)} />
    </FormDialog>
  );
}
