import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PinResetSent } from '@signlink/contracts/auth/pin-reset';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../api/api-context.tsx';
import { createAuthApi } from '../../../api/auth-api.ts';
import { AppDialog } from '../../../components/dialogs/app-dialog.tsx';
import { EmailAddressField, PhoneNumberField } from '../../../components/forms/auth-fields.tsx';
import { FormError } from '../../../components/forms/form-error.tsx';
import { useStepCall } from '../../../components/forms/step-form.tsx';
import { currentLocale } from '../../../i18n/create-app-i18n.ts';
import { checkEmailAddress, checkPhoneNumber } from '../../../lib/input-rules.ts';

type Channel = 'phone' | 'email';

/**
 * "Forgot PIN?" (SPEC section 2, "PIN reset by link"): a link is texted to the phone, or e-mailed to the user's
 * address, and opens /resetpin/{id}. It lives 30 minutes and works once (contracts/auth/pin-reset.ts).
 */
export function ForgotPinDialog({
  open,
  initialPhone,
  onClose,
}: {
  open: boolean;
  /** What the person already typed in the login form. */
  initialPhone: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const api = createAuthApi(useApiClient());
  const formId = useId();
  const call = useStepCall();
  const [channel, setChannel] = useState<Channel>('phone');
  const [phone, setPhone] = useState(initialPhone);
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<PinResetSent | null>(null);

  const phoneCheck = checkPhoneNumber(phone);
  const emailCheck = checkEmailAddress(email);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    call.check();
    const lang = currentLocale(i18n);
    if (channel === 'phone' && phoneCheck.e164) {
      const phoneNumber = phoneCheck.e164;
      void call.run(async () => setSent(await api.requestPinReset({ phoneNumber, lang })));
    } else if (channel === 'email' && emailCheck.address) {
      const emailAddress = emailCheck.address;
      void call.run(async () => setSent(await api.requestPinReset({ emailAddress, lang })));
    }
  };

  return (
    <AppDialog
      open={open}
      title={t('auth.pinReset.forgotTitle')}
      onClose={onClose}
      actions={
        sent ? (
          <Button variant="contained" onClick={onClose}>
            {t('common.ok')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button
              type="submit"
              form={formId}
              variant="contained"
              disabled={call.isProcessing}
              startIcon={call.isProcessing ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {t('auth.pinReset.sendLink')}
            </Button>
          </>
        )
      }
    >
      {sent ? (
        <Alert severity="success" role="status">
          {t(sent.Channel === 'sms' ? 'auth.pinReset.sentSms' : 'auth.pinReset.sentEmail', { to: sent.SentTo })}
        </Alert>
      ) : (
        <Stack
          component="form"
          id={formId}
          noValidate
          onSubmit={submit}
          spacing={2}
          aria-label={t('auth.pinReset.forgotTitle')}
          sx={{ pt: 1 }}
        >
          <Typography color="text.secondary">
            {t(channel === 'phone' ? 'auth.pinReset.introPhone' : 'auth.pinReset.introEmail')}
          </Typography>
          {channel === 'phone' ? (
            <PhoneNumberField
              value={phone}
              onChange={setPhone}
              errorKey={call.isChecked ? phoneCheck.errorKey : null}
              disabled={call.isProcessing}
              autoFocus
            />
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
          <Button
            onClick={() => setChannel(channel === 'phone' ? 'email' : 'phone')}
            disabled={call.isProcessing}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t(channel === 'phone' ? 'auth.pinReset.useEmail' : 'auth.pinReset.usePhone')}
          </Button>
        </Stack>
      )}
    </AppDialog>
  );
}
