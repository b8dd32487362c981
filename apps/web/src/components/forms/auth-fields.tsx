import TextField from '@mui/material/TextField';
import { limits } from '@signlink/contracts/constants';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './password-field.tsx';

interface FieldProps {
  value: string;
  onChange: (value: string) => void;
  /** An i18n key, shown under the field and marking it invalid. */
  errorKey?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** SPEC section 5, mobile number: Swedish numbers may be typed nationally (default country SE). */
export function PhoneNumberField({ value, onChange, errorKey, disabled, autoFocus }: FieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.fields.phoneNumber')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      type="tel"
      autoComplete="tel"
      autoFocus={autoFocus}
      disabled={disabled}
      error={Boolean(errorKey)}
      helperText={errorKey ? t(errorKey) : t('auth.fields.phoneNumberHelp')}
      fullWidth
      slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 32 } }}
    />
  );
}

/**
 * An e-mail address (SPEC section 5: valid), at most 254 characters as the server takes. `autoComplete` is "off" for
 * someone else's address (an invitee's), so the browser does not offer the user's own.
 */
export function EmailAddressField({
  autoComplete = 'email',
  ...props
}: FieldProps & { autoComplete?: 'email' | 'off' }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.fields.email')}
      type="email"
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      autoComplete={autoComplete}
      error={Boolean(props.errorKey)}
      helperText={props.errorKey ? t(props.errorKey) : undefined}
      disabled={props.disabled}
      autoFocus={props.autoFocus}
      fullWidth
      slotProps={{ htmlInput: { maxLength: 254 } }}
    />
  );
}

/** SPEC sections 5 and 9: a PIN is exactly 4 digits, typed masked with a show/hide toggle. */
export function PinField({
  label,
  isNew = false,
  ...props
}: FieldProps & { label?: string /** A PIN being chosen: password managers offer to save it. */; isNew?: boolean }) {
  const { t } = useTranslation();
  return (
    <PasswordField
      secretKind="pin"
      label={label ?? t('auth.fields.pin')}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value.replace(/\D/g, '').slice(0, limits.pinDigits))}
      autoComplete={isNew ? 'new-password' : 'current-password'}
      autoFocus={props.autoFocus}
      disabled={props.disabled}
      error={Boolean(props.errorKey)}
      helperText={props.errorKey ? t(props.errorKey) : undefined}
      fullWidth
      htmlInput={{ inputMode: 'numeric', pattern: '[0-9]*', maxLength: limits.pinDigits }}
    />
  );
}

/** A code from a text (4 digits) or an e-mail (6 characters, DECISIONS), as the one-time code browsers fill in. */
export function CodeField({ kind, ...props }: FieldProps & { kind: 'sms' | 'email' }) {
  const { t } = useTranslation();
  const isSms = kind === 'sms';
  return (
    <TextField
      label={t(isSms ? 'auth.fields.smsCode' : 'auth.fields.emailCode')}
      value={props.value}
      onChange={(event) =>
        props.onChange(
          isSms
            ? event.target.value.replace(/\D/g, '').slice(0, limits.smsCodeDigits)
            : event.target.value.toUpperCase().replace(/\s/g, ''),
        )
      }
      autoComplete="one-time-code"
      autoFocus={props.autoFocus}
      disabled={props.disabled}
      error={Boolean(props.errorKey)}
      helperText={props.errorKey ? t(props.errorKey) : undefined}
      fullWidth
      slotProps={{
        htmlInput: isSms
          ? { inputMode: 'numeric', pattern: '[0-9]*', maxLength: limits.smsCodeDigits }
          : { autoCapitalize: 'characters', spellCheck: false, maxLength: 12 },
      }}
    />
  );
}
