import TextField from '@mui/material/TextField';
import { normalizeEmailAddress } from '@signlink/contracts/validation/email-address';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The optional invoice e-mail of a new company (SPEC section 3, Account): empty is fine, anything else must be valid. */
export function useInvoiceEmail() {
  const [value, setValue] = useState('');
  if (!value.trim()) return { value, setValue, address: undefined, errorKey: null };
  const result = normalizeEmailAddress(value);
  return result.isValid
    ? { value, setValue, address: result.address, errorKey: null }
    : { value, setValue, address: undefined, errorKey: 'errors:invalidEmail' };
}

export function InvoiceEmailField({
  state,
  isChecked,
  disabled,
  autoFocus,
}: {
  state: ReturnType<typeof useInvoiceEmail>;
  isChecked: boolean;
  disabled: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const showError = isChecked && Boolean(state.errorKey);
  return (
    <TextField
      label={t('addCompany.invoiceEmail')}
      type="email"
      autoComplete="email"
      value={state.value}
      onChange={(event) => state.setValue(event.target.value)}
      error={showError}
      helperText={showError && state.errorKey ? t(state.errorKey) : t('addCompany.invoiceEmailHelper')}
      disabled={disabled}
      autoFocus={autoFocus}
      fullWidth
    />
  );
}
