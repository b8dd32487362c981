import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { limits } from '@signlink/contracts/constants';
import { useTranslation } from 'react-i18next';

/** Digits as typed, the hyphen put in after the sixth: the NNNNNN-NNNN the register and Signlink show. */
export function withHyphen(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, limits.orgNumberDigits);
  return digits.length > 6 ? `${digits.slice(0, 6)}-${digits.slice(6)}` : digits;
}

/**
 * A Swedish organisation number (SPEC section 5: 10 digits, the last a Luhn check), typed with the hyphen put in.
 * `isInvalid` says the number breaks that rule; `errorText` is another reason (the register has no such company).
 */
export function OrgNumberField({
  value,
  onChange,
  isInvalid,
  errorText,
  disabled,
  autoFocus,
  sx,
}: {
  value: string;
  onChange: (value: string) => void;
  isInvalid: boolean;
  errorText?: string | undefined;
  disabled: boolean;
  autoFocus?: boolean;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('addCompany.orgNumber.label')}
      value={value}
      onChange={(event) => onChange(withHyphen(event.target.value))}
      slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
      error={isInvalid || errorText !== undefined}
      helperText={errorText ?? t(isInvalid ? 'addCompany.orgNumber.invalid' : 'addCompany.orgNumber.helper')}
      disabled={disabled}
      autoFocus={autoFocus}
      fullWidth
      sx={sx}
    />
  );
}
