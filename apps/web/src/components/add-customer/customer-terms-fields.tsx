import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import type { CustomerInvoiceSetting } from '@signlink/contracts/accounts/customer-accounts';
import type { PartnerPricePlansResponse } from '@signlink/contracts/billing/partner-price-plans';
import type { PricePlanId } from '@signlink/contracts/billing/price-list';
import { formatMoney } from '@signlink/contracts/format/format-amount';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/create-app-i18n.ts';
import { OrgNumberField } from '../add-company/org-number-field.tsx';

/** What the partner types for the customer account (SPEC section 3, Customer account (partner)), as typed. */
export interface CustomerTerms {
  orgNumber: string;
  pricePlanId: PricePlanId;
  years: number;
  signatureAmount: string;
  activateNow: boolean;
  startDate: string;
  endDate: string;
  invoiceSetting: CustomerInvoiceSetting;
  /** In whole currency units, as typed; sent in minor units. */
  additionalAmount: string;
}

export const initialTerms: CustomerTerms = {
  orgNumber: '',
  pricePlanId: 'SMALL',
  years: 1,
  signatureAmount: '',
  activateNow: true,
  startDate: '',
  endDate: '',
  invoiceSetting: 'customer',
  additionalAmount: '',
};

interface Props {
  terms: CustomerTerms;
  onChange: (terms: CustomerTerms) => void;
  plans: PartnerPricePlansResponse | undefined;
  isOrgNumberInvalid: boolean;
  disabled: boolean;
}

/** The company, plan and terms of a customer account; prices come from `partner/priceplans`. */
export function CustomerTermsFields({ terms, onChange, plans, isOrgNumberInvalid, disabled }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const set = (patch: Partial<CustomerTerms>) => onChange({ ...terms, ...patch });
  const chosen = plans?.Plans.find((plan) => plan.PricePlanId === terms.pricePlanId);
  const maxYears = chosen?.MaxYears ?? 1;
  return (
    <>
      <OrgNumberField
        value={terms.orgNumber}
        onChange={(orgNumber) => set({ orgNumber })}
        isInvalid={isOrgNumberInvalid}
        disabled={disabled}
      />
      <TextField
        select
        label={t('customers.setUp.plan')}
        value={terms.pricePlanId}
        onChange={(event) => set({ pricePlanId: event.target.value as PricePlanId, signatureAmount: '' })}
        disabled={disabled || !plans}
        fullWidth
      >
        {(plans?.Plans ?? []).map((plan) => (
          <MenuItem key={plan.PricePlanId} value={plan.PricePlanId}>
            {t('customers.setUp.planOption', {
              plan: plan.PricePlanId,
              fee: formatMoney(plan.YearlyFee, plans?.Currency ?? 'SEK', currentLocale(i18n)),
              signatures: plan.DefaultSignaturesPerYear,
            })}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('customers.setUp.years')}
        value={String(terms.years)}
        onChange={(event) => set({ years: Number(event.target.value) })}
        disabled={disabled}
        fullWidth
      >
        {Array.from({ length: maxYears }, (_, index) => index + 1).map((years) => (
          <MenuItem key={years} value={String(years)}>
            {t('customers.setUp.yearCount', { count: years })}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('customers.setUp.signatureAmount')}
        type="number"
        value={terms.signatureAmount}
        placeholder={chosen ? String(chosen.DefaultSignaturesPerYear) : undefined}
        onChange={(event) => set({ signatureAmount: event.target.value })}
        helperText={t('customers.setUp.signatureAmountHelp')}
        slotProps={{ htmlInput: { min: 1, step: 1 } }}
        disabled={disabled}
        fullWidth
      />
      <FormControlLabel
        control={
          <Checkbox checked={terms.activateNow} onChange={(event) => set({ activateNow: event.target.checked })} />
        }
        label={t('customers.setUp.activateNow')}
        disabled={disabled}
      />
      {!terms.activateNow && (
        <TextField
          label={t('customers.setUp.startDate')}
          type="date"
          value={terms.startDate}
          onChange={(event) => set({ startDate: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          disabled={disabled}
          fullWidth
        />
      )}
      <TextField
        label={t('customers.setUp.endDate')}
        type="date"
        value={terms.endDate}
        onChange={(event) => set({ endDate: event.target.value })}
        helperText={t('customers.setUp.endDateHelp')}
        slotProps={{ inputLabel: { shrink: true } }}
        disabled={disabled}
        fullWidth
      />
      <FormControl disabled={disabled}>
        <FormLabel id={`${id}-invoice`}>{t('customers.setUp.invoiceSetting')}</FormLabel>
        <RadioGroup
          aria-labelledby={`${id}-invoice`}
          value={terms.invoiceSetting}
          onChange={(event) => set({ invoiceSetting: event.target.value as CustomerInvoiceSetting })}
        >
          <FormControlLabel value="customer" control={<Radio />} label={t('customers.setUp.invoiceCustomer')} />
          <FormControlLabel value="partner" control={<Radio />} label={t('customers.setUp.invoicePartner')} />
        </RadioGroup>
      </FormControl>
      {/* The wizard sets up Swedish companies, whose account is in SEK (SPEC section 5). */}
      <TextField
        label={t('customers.setUp.additionalAmount', { currency: 'SEK' })}
        type="number"
        value={terms.additionalAmount}
        onChange={(event) => set({ additionalAmount: event.target.value })}
        helperText={t('customers.setUp.additionalAmountHelp')}
        slotProps={{ htmlInput: { min: 0, step: 1 } }}
        disabled={disabled}
        fullWidth
      />
    </>
  );
}
