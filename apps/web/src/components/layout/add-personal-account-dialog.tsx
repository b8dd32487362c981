import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAccountsApi } from '../../api/accounts-api.ts';
import { useApiClient } from '../../api/api-context.tsx';
import { useSession } from '../../api/session-context.tsx';
import { checkEmailAddress, emailCodeErrorKey } from '../../lib/input-rules.ts';
import { FormDialog } from '../dialogs/form-dialog.tsx';
import { CodeField, EmailAddressField } from '../forms/auth-fields.tsx';
import { FormError } from '../forms/form-error.tsx';
import { useStepCall } from '../forms/step-form.tsx';

type Currency = 'SEK' | 'EUR';

/**
 * The add-personal-account wizard (SPEC section 2; section 5: one personal account per user): an e-mail address is
 * proven with a code, and the new personal account becomes the one the user acts for.
 */
export function AddPersonalAccountDialog({ initialEmail, onClose }: { initialEmail: string; onClose: () => void }) {
  const { t } = useTranslation();
  const api = createAccountsApi(useApiClient());
  const session = useSession();
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
    <FormDialog
      title={t('personalAccount.title')}
      intro={token ? t('personalAccount.codeIntro', { email: emailCheck.address }) : t('personalAccount.intro')}
      submitLabel={t(token ? 'personalAccount.create' : 'auth.registration.sendCode')}
      onSubmit={submit}
      onClose={onClose}
      isProcessing={call.isProcessing}
    >
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
        <EmailAddressField
          value={email}
          onChange={setEmail}
          errorKey={call.isChecked ? emailCheck.errorKey : null}
          disabled={call.isProcessing}
          autoFocus
        />
      )}
      <FormError error={call.failure} />
    </FormDialog>
  );
}
