import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';
import { FormError } from '../../../components/forms/form-error.tsx';
import type { SignPayApi } from './sign-pay-api.ts';

export interface VerifyEmailDialogProps {
  api: Pick<SignPayApi, 'sendEmailCode' | 'validateCode'>;
  /** The address the link already knows for this person, offered first. */
  initialEmail: string;
  /** The key `validation/validate` gave for the proved address: `sign/pay` takes it as EmailClientAccessKey. */
  onVerified: (clientAccessKey: string) => Promise<void>;
  onClose: () => void;
}

/**
 * "Require e-mail verification for Sign & Pay": the payer proves an address as a contact of this link (the same
 * `validation/email` and `validation/validate` calls the form's sharing uses), and the receipt goes there.
 */
export function VerifyEmailDialog({ api, initialEmail, onVerified, onClose }: VerifyEmailDialogProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [codeKey, setCodeKey] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '' || (codeKey && code.trim() === '')) return;
    setIsBusy(true);
    setError(null);
    try {
      if (codeKey) {
        const checked = await api.validateCode(code.trim(), codeKey);
        await onVerified(checked.ClientAccessKey);
      } else {
        setCodeKey((await api.sendEmailCode(email.trim())).ClientAccessKey);
      }
    } catch (failure) {
      setError(failure);
    } finally {
      setIsBusy(false);
    }
  };

  const isVerifying = codeKey !== null;
  return (
    <FormDialog
      title={t('signPay.verifyEmail.title')}
      intro={isVerifying ? t('signPay.verifyEmail.codeSent', { email: email.trim() }) : t('signPay.verifyEmail.intro')}
      submitLabel={t(isVerifying ? 'signPay.verifyEmail.verifyAndPay' : 'signPay.verifyEmail.next')}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      isProcessing={isBusy}
      isSubmitDisabled={email.trim() === '' || (isVerifying && code.trim() === '')}
      isFullScreenOnPhone
    >
      <TextField
        label={t('signPay.verifyEmail.email')}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        autoComplete="email"
        type="email"
        disabled={isVerifying}
        fullWidth
      />
      {isVerifying && (
        <TextField
          label={t('signPay.verifyEmail.code')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          autoFocus
          slotProps={{ htmlInput: { maxLength: 32 } }}
          fullWidth
        />
      )}
      <FormError error={error} />
    </FormDialog>
  );
}
