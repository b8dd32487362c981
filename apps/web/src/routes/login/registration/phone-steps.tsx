import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthApi, RegisterPhoneResponse, RegistrationStep } from '../../../api/auth-api.ts';
import { currentLocale } from '../../../i18n/create-app-i18n.ts';
import { CodeField, PhoneNumberField, PinField } from '../auth-fields.tsx';
import { checkPhoneNumber, pinErrorKey, smsCodeErrorKey } from '../input-rules.ts';
import { StepForm, useStepCall } from './step-form.tsx';

/** SPEC section 2's registration steps 1 to 3: phone, code, PIN. registration-panel.tsx moves between them. */

interface PhoneStepProps {
  api: AuthApi;
  phone: string;
  onPhoneChange: (phone: string) => void;
  onSent: (answer: RegisterPhoneResponse, e164: string) => void;
}

/** Step 1: the mobile number gets a 4-digit code (`register/sms`). */
export function PhoneStep({ api, phone, onPhoneChange, onSent }: PhoneStepProps) {
  const { t, i18n } = useTranslation();
  const call = useStepCall();
  const check = checkPhoneNumber(phone);
  const submit = () => {
    call.check();
    const phoneNumber = check.e164;
    if (!phoneNumber) return;
    void call.run(async () => {
      onSent(await api.registerPhone({ phoneNumber, lang: currentLocale(i18n) }), phoneNumber);
    });
  };
  return (
    <StepForm
      title={t('auth.registration.phone.title')}
      intro={t('auth.registration.phone.intro')}
      failure={call.failure}
      isProcessing={call.isProcessing}
      submitLabel={t('auth.registration.sendCode')}
      onSubmit={submit}
    >
      <PhoneNumberField
        value={phone}
        onChange={onPhoneChange}
        errorKey={call.isChecked ? check.errorKey : null}
        disabled={call.isProcessing}
        autoFocus
      />
    </StepForm>
  );
}

interface SmsCodeStepProps {
  api: AuthApi;
  sent: RegisterPhoneResponse;
  phoneNumber: string;
  onResent: (answer: RegisterPhoneResponse) => void;
  onVerified: (next: RegistrationStep) => void;
  onBack: () => void;
}

/** Step 2: the texted code (`register/sms/validate`); a new code can be asked for, or the number changed. */
export function SmsCodeStep({ api, sent, phoneNumber, onResent, onVerified, onBack }: SmsCodeStepProps) {
  const { t, i18n } = useTranslation();
  const call = useStepCall();
  const [code, setCode] = useState('');
  const [isResent, setIsResent] = useState(false);
  const errorKey = smsCodeErrorKey(code);
  const submit = () => {
    call.check();
    if (errorKey) return;
    void call.run(async () => {
      onVerified(
        await api.validateRegisterPhone({
          RegistrationId: sent.RegistrationId,
          PhoneNumberToken: sent.PhoneNumberToken,
          Code: code,
        }),
      );
    });
  };
  const resend = () =>
    void call.run(async () => {
      onResent(await api.registerPhone({ phoneNumber, lang: currentLocale(i18n) }));
      setCode('');
      setIsResent(true);
    });
  return (
    <StepForm
      title={t('auth.registration.smsCode.title')}
      intro={t(isResent ? 'auth.registration.smsCode.resent' : 'auth.registration.smsCode.intro', {
        phone: sent.PhoneNumberMasked,
      })}
      failure={call.failure}
      isProcessing={call.isProcessing}
      submitLabel={t('auth.registration.continue')}
      onSubmit={submit}
      onBack={onBack}
    >
      <CodeField
        kind="sms"
        value={code}
        onChange={setCode}
        errorKey={call.isChecked ? errorKey : null}
        disabled={call.isProcessing}
        autoFocus
      />
      <Button onClick={resend} disabled={call.isProcessing} sx={{ alignSelf: 'flex-start' }}>
        {t('auth.registration.resendCode')}
      </Button>
    </StepForm>
  );
}

/** Step 3: the PIN for phone login, typed twice (SPEC section 5: exactly 4 digits). */
export function PinStep({
  api,
  registrationId,
  onSaved,
}: {
  api: AuthApi;
  registrationId: string;
  onSaved: (next: RegistrationStep) => void;
}) {
  const { t } = useTranslation();
  const call = useStepCall();
  const [pin, setPin] = useState('');
  const [repeat, setRepeat] = useState('');
  const pinError = pinErrorKey(pin);
  const repeatError = pinError ? null : repeat !== pin ? 'auth.validation.pinMismatch' : null;
  const submit = () => {
    call.check();
    if (pinError || repeatError) return;
    void call.run(async () => onSaved(await api.registerPin({ RegistrationId: registrationId, Pin: pin })));
  };
  return (
    <StepForm
      title={t('auth.registration.pin.title')}
      intro={t('auth.registration.pin.intro')}
      failure={call.failure}
      isProcessing={call.isProcessing}
      submitLabel={t('auth.registration.continue')}
      onSubmit={submit}
    >
      <PinField
        label={t('auth.fields.newPin')}
        value={pin}
        onChange={setPin}
        errorKey={call.isChecked ? pinError : null}
        disabled={call.isProcessing}
        isNew
        autoFocus
      />
      <PinField
        label={t('auth.fields.repeatPin')}
        value={repeat}
        onChange={setRepeat}
        errorKey={call.isChecked ? repeatError : null}
        disabled={call.isProcessing}
        isNew
      />
    </StepForm>
  );
}
