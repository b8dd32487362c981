import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { vatPrefixOf } from '@signlink/contracts/accounts/company-countries';
import type { AuthState } from '@signlink/contracts/auth/auth-state';
import { formatVatNumber, parseVatNumber } from '@signlink/contracts/validation/vat-number';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAccountsApi } from '../../api/accounts-api.ts';
import { useApiClient } from '../../api/api-context.tsx';
import { ApiError } from '../../api/api-error.ts';
import { StepForm, useStepCall } from '../forms/step-form.tsx';
import { useCountryNames } from './company-country-step.tsx';
import { InvoiceEmailField, useInvoiceEmail } from './invoice-email-field.tsx';

const fieldNames = ['LegalName', 'VatNumber', 'AddressLine1', 'AddressLine2', 'ZipCode', 'City', 'Province'] as const;
type FieldName = (typeof fieldNames)[number];
type Fields = Record<FieldName, string>;
const optionalFields: ReadonlySet<FieldName> = new Set(['AddressLine2', 'Province']);

/** VIES's name for the number when it differs from the one given (the server's VAT_INVALID details), else null. */
function registeredNameOf(failure: unknown): string | null {
  if (!(failure instanceof ApiError) || failure.code !== 'VAT_INVALID') return null;
  const details = failure.details as { reason?: unknown; registeredName?: unknown } | undefined;
  return details?.reason === 'name-mismatch' && typeof details.registeredName === 'string'
    ? details.registeredName
    : null;
}

/**
 * A company of another EU country (SPEC section 5): its VAT number must be one VIES knows, registered to exactly this
 * legal name, which the server checks. Here only the form of each field is checked, so a typing slip is said at once.
 */
export function ForeignCompanyForm({
  countryCode,
  onBack,
  onCreated,
}: {
  countryCode: string;
  onBack: () => void;
  onCreated: (auth: AuthState) => void;
}) {
  const { t } = useTranslation();
  const { nameOf } = useCountryNames();
  const api = createAccountsApi(useApiClient());
  const call = useStepCall();
  const [fields, setFields] = useState<Fields>(
    () => Object.fromEntries(fieldNames.map((name) => [name, ''])) as Fields,
  );
  const invoiceEmail = useInvoiceEmail();
  const prefix = vatPrefixOf(countryCode);
  const country = nameOf(countryCode);

  const vat = parseVatNumber(fields.VatNumber);
  const isVatOfCountry = vat?.countryCode === prefix;
  // VIES shares the holder's name for most member states: the person sees which one the number is registered to.
  const registeredName = registeredNameOf(call.failure);
  const errorOf = (name: FieldName): string | null => {
    if (!fields[name].trim()) return optionalFields.has(name) ? null : t('addCompany.foreign.required');
    if (name === 'VatNumber' && !isVatOfCountry) return t('addCompany.foreign.vatFormat', { country, prefix });
    return null;
  };
  const hintOf = (name: FieldName): string | null =>
    name === 'LegalName' && registeredName ? t('addCompany.foreign.registeredName', { name: registeredName }) : null;
  const hasErrors = fieldNames.some((name) => errorOf(name) !== null) || Boolean(invoiceEmail.errorKey);

  const create = () => {
    call.check();
    if (hasErrors || !vat) return;
    const optional = (name: FieldName) => (fields[name].trim() ? { [name]: fields[name].trim() } : {});
    void call.run(async () => {
      onCreated(
        await api.createCompany({
          CountryCode: countryCode,
          LegalName: fields.LegalName.trim(),
          VatNumber: formatVatNumber(vat),
          AddressLine1: fields.AddressLine1.trim(),
          ZipCode: fields.ZipCode.trim(),
          City: fields.City.trim(),
          ...optional('AddressLine2'),
          ...optional('Province'),
          ...(invoiceEmail.address ? { InvoiceEmail: invoiceEmail.address } : {}),
        }),
      );
    });
  };

  const field = (name: FieldName, extra: { autoComplete?: string; autoFocus?: boolean; helper?: string } = {}) => {
    const error = (call.isChecked ? errorOf(name) : null) ?? hintOf(name);
    return (
      <TextField
        label={t(`addCompany.foreign.fields.${name}`)}
        value={fields[name]}
        onChange={(event) => setFields((current) => ({ ...current, [name]: event.target.value }))}
        required={!optionalFields.has(name)}
        error={error !== null}
        helperText={error ?? extra.helper}
        autoComplete={extra.autoComplete}
        autoFocus={extra.autoFocus}
        disabled={call.isProcessing}
        fullWidth
      />
    );
  };

  return (
    <StepForm
      title={t('addCompany.foreign.heading', { country })}
      intro={t('addCompany.foreign.intro')}
      failure={call.failure}
      isProcessing={call.isProcessing}
      submitLabel={t('addCompany.create')}
      onSubmit={create}
      onBack={onBack}
    >
      {field('LegalName', { autoComplete: 'organization', autoFocus: true })}
      {field('VatNumber', { helper: t('addCompany.foreign.vatHelper', { prefix }) })}
      {field('AddressLine1', { autoComplete: 'address-line1' })}
      {field('AddressLine2', { autoComplete: 'address-line2' })}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('ZipCode', { autoComplete: 'postal-code' })}
        {field('City', { autoComplete: 'address-level2' })}
      </Stack>
      {field('Province', { autoComplete: 'address-level1' })}
      <InvoiceEmailField state={invoiceEmail} isChecked={call.isChecked} disabled={call.isProcessing} />
    </StepForm>
  );
}
