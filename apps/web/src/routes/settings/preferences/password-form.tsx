import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UserPreferences } from '@signlink/contracts/auth/user-preferences';
import { readUserPreferencesRoute } from '@signlink/contracts/auth/user-preferences.routes';
import { limits } from '@signlink/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../api/api-context.tsx';
import { ApiError } from '../../../api/api-error.ts';
import { createPreferencesApi } from '../../../api/preferences-api.ts';
import { apiQueryKey } from '../../../api/use-api-query.ts';
import { FormError } from '../../../components/forms/form-error.tsx';
import { PasswordField } from '../../../components/forms/password-field.tsx';
import { useStepCall } from '../../../components/forms/step-form.tsx';

type Field = 'current' | 'next' | 'repeat';
const empty: Record<Field, string> = { current: '', next: '', repeat: '' };

/**
 * The password of e-mail login (`PUT linktinker/app/user/password`): changed with the current one, or set for the
 * first time by a user who came in by phone or BankID. Password login is by e-mail address, so without one there is
 * nothing to offer. The server ends the user's other sessions, which the success line says.
 */
export function PasswordForm({ preferences }: { preferences: UserPreferences }) {
  const { t } = useTranslation();
  const api = createPreferencesApi(useApiClient());
  const queryClient = useQueryClient();
  const call = useStepCall();
  const [values, setValues] = useState(empty);
  const [savedAs, setSavedAs] = useState<'set' | 'changed' | null>(null);
  const hasPassword = preferences.HasPassword;
  const mode = hasPassword ? 'change' : 'set';

  if (!preferences.Email) {
    return (
      <Stack spacing={1.5}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('settings.preferences.password.setHeading')}
        </Typography>
        <Alert severity="info">{t('settings.preferences.password.noEmail')}</Alert>
      </Stack>
    );
  }

  const problems: Partial<Record<Field, string>> = {};
  if (hasPassword && !values.current) problems.current = t('settings.preferences.password.currentRequired');
  if (values.next.length < limits.passwordMinLength) {
    problems.next = t('settings.preferences.password.tooShort', { min: limits.passwordMinLength });
  } else if (values.next.length > limits.passwordMaxLength) {
    problems.next = t('settings.preferences.password.tooLong', { max: limits.passwordMaxLength });
  }
  if (values.repeat !== values.next) problems.repeat = t('settings.preferences.password.mismatch');
  // WRONG_PASSWORD belongs to the current password's field; other refusals go on the form's error line.
  const failure = call.failure instanceof ApiError ? call.failure : null;
  const isWrongCurrent = failure?.code === 'WRONG_PASSWORD';
  const reason = (failure?.details as { reason?: unknown } | undefined)?.reason;
  // The catalogue's words say "wait"; how long is the login lock's rule (SPEC section 9).
  const note =
    reason === 'password-locked'
      ? t('settings.preferences.password.locked', { tries: limits.pinMaxWrongTries, minutes: limits.pinLockMinutes })
      : reason === 'no-email'
        ? t('settings.preferences.password.noEmail')
        : null;
  const shown = (field: Field) => (call.isChecked ? problems[field] : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    call.check();
    setSavedAs(null);
    if (Object.keys(problems).length > 0 || call.isProcessing) return;
    void call.run(async () => {
      await api.changePassword({
        NewPassword: values.next,
        ...(hasPassword ? { CurrentPassword: values.current } : {}),
      });
      setSavedAs(hasPassword ? 'changed' : 'set');
      setValues(empty);
      queryClient.setQueryData<UserPreferences>(apiQueryKey(readUserPreferencesRoute), (old) =>
        old ? { ...old, HasPassword: true } : old,
      );
    });
  };

  const field = (name: Field, label: string, autoComplete: string, error?: string | null, helper?: string) => (
    <PasswordField
      label={label}
      value={values[name]}
      onChange={(event) => {
        setValues({ ...values, [name]: event.target.value });
        setSavedAs(null);
      }}
      required
      error={Boolean(error)}
      helperText={error ?? helper}
      disabled={call.isProcessing}
      autoComplete={autoComplete}
      fullWidth
      sx={{ maxWidth: { sm: 420 } }}
    />
  );

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      spacing={2}
      aria-label={t(`settings.preferences.password.${mode}Heading`)}
    >
      <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t(`settings.preferences.password.${mode}Heading`)}
      </Typography>
      <Typography color="text.secondary">
        {t(`settings.preferences.password.${mode}Intro`, { email: preferences.Email })}
      </Typography>
      {/* The account's e-mail for password managers, which pair the new password with it. */}
      <input type="email" name="username" autoComplete="username" value={preferences.Email} readOnly hidden />
      {hasPassword &&
        field(
          'current',
          t('settings.preferences.password.current'),
          'current-password',
          isWrongCurrent ? t(failure.messageKey) : shown('current'),
        )}
      {field(
        'next',
        t('settings.preferences.password.new'),
        'new-password',
        shown('next'),
        t('settings.preferences.password.newHelper', {
          min: limits.passwordMinLength,
          max: limits.passwordMaxLength,
        }),
      )}
      {field('repeat', t('settings.preferences.password.repeat'), 'new-password', shown('repeat'))}
      <FormError error={isWrongCurrent ? null : call.failure}>{note && ` ${note}`}</FormError>
      {savedAs && (
        <Alert severity="success" role="status">
          {t(`settings.preferences.password.${savedAs}`)}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        disabled={call.isProcessing}
        sx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' } }}
      >
        {t(`settings.preferences.password.${mode}Submit`)}
      </Button>
    </Stack>
  );
}
