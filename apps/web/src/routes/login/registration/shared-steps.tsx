import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField, PhoneNumberField, PinField } from '../../../components/forms/auth-fields.tsx';
import { StepForm, useStepCall } from '../../../components/forms/step-form.tsx';
import { checkPhoneNumber, pinErrorKey } from '../../../lib/input-rules.ts';

/** The steps the phone sign-up and the BankID sign-up share; each caller brings its own API call. */

interface PhoneNumberStepProps {
  intro: string;
  phone: string;
  onPhoneChange: (phone: string) => void;
  /** Sends the code to the checked number (E.164). */
  send: (phoneNumber: string) => Promise<void>;
  onBack?: () => void;
}

/** The mobile number that gets a 4-digit code. */
export function PhoneNumberStep({ intro, phone, onPhoneChange, send, onBack }: PhoneNumberStepProps) {
  const { t } = useTranslation();
  const call = useStepCall();
  const check = checkPhoneNumber(phone);
  const submit = () => {
    call.check();
    const phoneNumber = check.e164;
    if (!phoneNumber) return;
    void call.run(() => send(phoneNumber));
  };
  return (
    <StepForm
      title={t('auth.registration.phone.title')}
      intro={intro}
      failure={call.failure}
      isProcessing={call.isProcessing}
      submitLabel={t('auth.registration.sendCode')}
      onSubmit={submit}
      onBack={onBack}
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

interface CodeStepProps {
  kind: 'sms' | 'email';
  title: string;
  intro: string;
  /** The intro once a new code has been asked for (only with `resend`). */
  resentIntro?: string;
  submitLabel: string;
  errorKeyOf: (code: string) => string | null;
  verify: (code: string) => Promise<void>;
  /** Asks for a new code; the typed code is then cleared. */
  resend?: () => Promise<void>;
  onBack: () => void;
}

/** A texted or e-mailed code, checked by `verify`; a new one can be asked for where `resend` is given. */
export function CodeStep({
  kind,
  title,
  intro,
  resentIntro,
  submitLabel,
  errorKeyOf,
  verify,
  resend,
  onBack,
}: CodeStepProps) {
  const { t } = useTranslation();
  const call = useStepCall();
  const [code, setCode] = useState('');
  const [isResent, setIsResent] = useState(false);
  const errorKey = errorKeyOf(code);
  const submit = () => {
    call.check();
    if (errorKey) return;
    void call.run(() => verify(code));
  };
  const askAgain = resend
    ? () =>
        void call.run(async () => {
          await resend();
          setCode('');
          setIsResent(true);
        })
    : undefined;
  return (
    <StepForm
      title={title}
      intro={isResent && resentIntro !== undefined ? resentIntro : intro}
      failure={call.failure}
      isProcessing={call.isProcessing}
      submitLabel={submitLabel}
      onSubmit={submit}
      onBack={onBack}
    >
      <CodeField
        kind={kind}
        value={code}
        onChange={setCode}
        errorKey={call.isChecked ? errorKey : null}
        disabled={call.isProcessing}
        autoFocus
      />
      {askAgain && (
        <Button onClick={askAgain} disabled={call.isProcessing} sx={{ alignSelf: 'flex-start' }}>
          {t('auth.registration.resendCode')}
        </Button>
      )}
    </StepForm>
  );
}

/** A new PIN typed twice (SPEC section 5: exactly 4 digits); the errors follow the first PIN's rule, then the match. */
export function useNewPin() {
  const [pin, setPin] = useState('');
  const [repeat, setRepeat] = useState('');
  const pinError = pinErrorKey(pin);
  const repeatError = pinError ? null : repeat !== pin ? 'auth.validation.pinMismatch' : null;
  return { pin, setPin, repeat, setRepeat, pinError, repeatError, isValid: !pinError && !repeatError };
}

/** The two PIN fields for `useNewPin`; errors show once `isChecked`. */
export function NewPinFields({
  newPin,
  isChecked,
  disabled,
}: {
  newPin: ReturnType<typeof useNewPin>;
  isChecked: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PinField
        label={t('auth.fields.newPin')}
        value={newPin.pin}
        onChange={newPin.setPin}
        errorKey={isChecked ? newPin.pinError : null}
        disabled={disabled}
        isNew
        autoFocus
      />
      <PinField
        label={t('auth.fields.repeatPin')}
        value={newPin.repeat}
        onChange={newPin.setRepeat}
        errorKey={isChecked ? newPin.repeatError : null}
        disabled={disabled}
        isNew
      />
    </>
  );
}
