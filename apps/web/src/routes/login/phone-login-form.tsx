import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AuthState } from '@signlink/contracts/auth/auth-state';
import type { PhoneLoginResponse } from '@signlink/contracts/auth/phone-login';
import { limits } from '@signlink/contracts/constants';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useApiClient } from '../../api/api-context.tsx';
import { ApiError } from '../../api/api-error.ts';
import { createAuthApi } from '../../api/auth-api.ts';
import { CodeField, PhoneNumberField, PinField } from '../../components/forms/auth-fields.tsx';
import { FormError } from '../../components/forms/form-error.tsx';
import { checkPhoneNumber, pinErrorKey, smsCodeErrorKey } from '../../lib/input-rules.ts';
import { ForgotPinDialog } from './pin-reset/forgot-pin-dialog.tsx';

/**
 * SPEC section 2, phone number plus PIN: the PIN is checked and a code texted to the phone
 * (`oauth/generatetoken/sms`), then the code gives the session (`…/sms/validate`).
 */
export function PhoneLoginForm({ onLoggedIn }: { onLoggedIn: (auth: AuthState) => void }) {
  const { t } = useTranslation();
  const api = createAuthApi(useApiClient());
  const [phone, setPhone] = useState('');
  const [pin, setPin] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<PhoneLoginResponse | null>(null);
  const [isProcessing, setIsProcessing] = useState(false);
  const [isChecked, setIsChecked] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [isForgotPinOpen, setIsForgotPinOpen] = useState(false);

  const phoneCheck = checkPhoneNumber(phone);
  const pinError = pinErrorKey(pin);
  const codeError = smsCodeErrorKey(code);

  async function run(call: () => Promise<void>) {
    setIsProcessing(true);
    setFailure(null);
    try {
      await call();
    } catch (error) {
      setFailure(error);
    } finally {
      setIsProcessing(false);
    }
  }

  const sendPin = (event: FormEvent) => {
    event.preventDefault();
    setIsChecked(true);
    if (!phoneCheck.e164 || pinError) return;
    const phoneNumber = phoneCheck.e164;
    void run(async () => {
      const answer = await api.startPhoneLogin({ phoneNumber, pin });
      setSent(answer);
      setIsChecked(false);
      setCode('');
    });
  };

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    setIsChecked(true);
    if (!sent || codeError) return;
    const token = sent.PhoneNumberToken;
    void run(async () => onLoggedIn(await api.validatePhoneLogin({ PhoneNumberToken: token, Code: code.trim() })));
  };

  const backToPhone = () => {
    setSent(null);
    setPin('');
    setFailure(null);
    setIsChecked(false);
  };

  const isNoAccount = failure instanceof ApiError && failure.code === 'NO_ACCOUNT_FOR_PHONE';
  // DECISIONS, PIN login: 5 wrong PINs lock it for that phone for 15 minutes; say so rather than "wait a moment".
  const isLocked = failure instanceof ApiError && failure.code === 'RATE_LIMITED' && !sent;
  const error = isLocked ? (
    <FormError>{t('auth.login.phone.locked', { minutes: limits.pinLockMinutes })}</FormError>
  ) : (
    Boolean(failure) && (
      <FormError error={failure}>
        {isNoAccount && (
          <>
            {' '}
            <Link component={RouterLink} to="/createaccount">
              {t('auth.login.createAccountInstead')}
            </Link>
          </>
        )}
      </FormError>
    )
  );

  if (sent) {
    return (
      <Stack component="form" noValidate onSubmit={sendCode} spacing={2} aria-label={t('auth.login.phone.codeStep')}>
        <Typography>{t('auth.login.phone.codeSent', { phone: sent.PhoneNumberMasked })}</Typography>
        <CodeField
          kind="sms"
          value={code}
          onChange={setCode}
          errorKey={isChecked ? codeError : null}
          disabled={isProcessing}
          autoFocus
        />
        {error}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Button onClick={backToPhone} disabled={isProcessing}>
            {t('common.back')}
          </Button>
          <Button type="submit" variant="contained" disabled={isProcessing}>
            {t('common.logIn')}
          </Button>
        </Stack>
      </Stack>
    );
  }

  return (
    <Stack component="form" noValidate onSubmit={sendPin} spacing={2} aria-label={t('auth.login.phone.heading')}>
      <PhoneNumberField
        value={phone}
        onChange={setPhone}
        errorKey={isChecked ? phoneCheck.errorKey : null}
        disabled={isProcessing}
      />
      <PinField value={pin} onChange={setPin} errorKey={isChecked ? pinError : null} disabled={isProcessing} />
      <Link component="button" type="button" onClick={() => setIsForgotPinOpen(true)} sx={{ alignSelf: 'flex-end' }}>
        {t('auth.pinReset.forgotLink')}
      </Link>
      {error}
      <Button type="submit" variant="outlined" size="large" disabled={isProcessing} fullWidth>
        {t('auth.login.phone.submit')}
      </Button>
      {/* Mounted only while open, so it starts from the number typed here each time. */}
      {isForgotPinOpen && <ForgotPinDialog open initialPhone={phone} onClose={() => setIsForgotPinOpen(false)} />}
    </Stack>
  );
}
