import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAccountsApi } from '../../api/accounts-api.ts';
import { useApiClient } from '../../api/api-context.tsx';
import { useSession } from '../../api/session-context.tsx';
import { CodeField } from '../../routes/login/auth-fields.tsx';
import { checkEmailAddress, emailCodeErrorKey } from '../../routes/login/input-rules.ts';
import { useStepCall } from '../../routes/login/registration/step-form.tsx';
import { AppDialog } from '../dialogs/app-dialog.tsx';
import { FormError } from '../forms/form-error.tsx';

type Currency = 'SEK' | 'EUR';

/**
 * The add-personal-account wizard (SPEC section 2; section 5: one personal account per user): an e-mail address is
 * proven with a code, and the new personal account becomes the one the user acts for.
 */
export function AddPersonalAccountDialog({ initialEmail, onClose }: { initialEmail: string; onClose: () => void }) {
  const { t } = useTranslation();
  const api = createAccountsApi(useApiClient());
  const session = useSession();
  const formId = useId();
  const call = useStepCall();
  const [email, setEmail] = useState(initialEmail);
  const [token, setToken] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [currency, setCurrency] = useState<Currency>('SEK');
  const emailCheck = checkEmailAddress(email);
  const codeError = emailCodeErrorKey(code);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    call.check();
    if (!token) {
      const address = emailCheck.address;
      if (!address) return;
      void call.run(async () => {
        setToken((await api.sendPersonalAccountEmail({ EmailAddress: address })).EmailAddressToken);
      });
      return;
    }
    if (codeError) return;
    void call.run(async () => {
      const auth = await api.validatePersonalAccount({
        EmailAddressToken: token,
        Code: code.trim(),
        Currency: currency,
      });
      session.enterAccount(auth);
      onClose();
    });
  };

  return (
    <AppDialog
      title={t('personalAccount.title')}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="submit"
            form={formId}
            variant="contained"
            disabled={call.isProcessing}
            startIcon={call.isProcessing ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t(token ? 'personalAccount.create' : 'auth.registration.sendCode')}
          </Button>
        </>
      }
    >
      <Stack
        component="form"
        id={formId}
        noValidate
        onSubmit={submit}
        spacing={2.5}
        aria-label={t('personalAccount.title')}
        sx={{ pt: 1 }}
      >
        <Typography color="text.secondary">
          {token ? t('personalAccount.codeIntro', { email: emailCheck.address }) : t('personalAccount.intro')}
        </Typography>
        {token ? (
          <>
            <CodeField
              kind="email"
              value={code}
              onChange={setCode}
              errorKey={call.isChecked ? codeError : null}
              disabled={call.isProcessing}
              autoFocus
            />
            <TextField
              select
              label={t('personalAccount.currency')}
              value={currency}
              onChange={(event) => setCurrency(event.target.value as Currency)}
              disabled={call.isProcessing}
            >
              <MenuItem value="SEK">SEK</MenuItem>
              <MenuItem value="EUR">EUR</MenuItem>
            </TextField>
          </>
        ) : (
          <TextField
            label={t('auth.fields.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={call.isChecked && Boolean(emailCheck.errorKey)}
            helperText={call.isChecked && emailCheck.errorKey ? t(emailCheck.errorKey) : undefined}
            disabled={call.isProcessing}
            autoFocus
            fullWidth
          />
        )}
        <FormError error={call.failure} />
      </Stack>
    </AppDialog>
  );
}
