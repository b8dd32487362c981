import type { RegisterPhoneResponse, RegistrationStep } from '@signlink/contracts/auth/registration';
import { useTranslation } from 'react-i18next';
import type { AuthApi } from '../../../api/auth-api.ts';
import { StepForm, useStepCall } from '../../../components/forms/step-form.tsx';
import { currentLocale } from '../../../i18n/create-app-i18n.ts';
import { smsCodeErrorKey } from '../../../lib/input-rules.ts';
import { CodeStep, NewPinFields, PhoneNumberStep, useNewPin } from './shared-steps.tsx';
import { useCampaignId } from './use-campaign.ts';
import { useReferralLinkId } from './use-referral.tsx';

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
  const referralLinkId = useReferralLinkId();
  const campaignActivationId = useCampaignId();
  return (
    <PhoneNumberStep
      intro={t('auth.registration.phone.intro')}
      phone={phone}
      onPhoneChange={onPhoneChange}
      send={async (phoneNumber) => {
        onSent(
          await api.registerPhone({ phoneNumber, lang: currentLocale(i18n), referralLinkId, campaignActivationId }),
          phoneNumber,
        );
      }}
    />
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
  const referralLinkId = useReferralLinkId();
  const campaignActivationId = useCampaignId();
  return (
    <CodeStep
      kind="sms"
      title={t('auth.registration.smsCode.title')}
      intro={t('auth.registration.smsCode.intro', { phone: sent.PhoneNumberMasked })}
      resentIntro={t('auth.registration.smsCode.resent', { phone: sent.PhoneNumberMasked })}
      submitLabel={t('auth.registration.continue')}
      errorKeyOf={smsCodeErrorKey}
      verify={async (code) => {
        onVerified(
          await api.validateRegisterPhone({
            RegistrationId: sent.RegistrationId,
            PhoneNumberToken: sent.PhoneNumberToken,
            Code: code,
          }),
        );
      }}
      resend={async () => {
        // A new code starts the sign-up again on the server, so the referral goes with it again.
        onResent(
          await api.registerPhone({ phoneNumber, lang: currentLocale(i18n), referralLinkId, campaignActivationId }),
        );
      }}
      onBack={onBack}
    />
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
  const newPin = useNewPin();
  const submit = () => {
    call.check();
    if (!newPin.isValid) return;
    void call.run(async () => onSaved(await api.registerPin({ RegistrationId: registrationId, Pin: newPin.pin })));
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
      <NewPinFields newPin={newPin} isChecked={call.isChecked} disabled={call.isProcessing} />
    </StepForm>
  );
}
