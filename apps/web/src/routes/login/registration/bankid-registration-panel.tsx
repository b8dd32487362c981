import Alert from '@mui/material/Alert';
import type { AuthState } from '@signlink/contracts/auth/auth-state';
import type { BankIdSmsResponse } from '@signlink/contracts/auth/bankid-registration';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../api/api-context.tsx';
import { type AuthApi, createAuthApi } from '../../../api/auth-api.ts';
import { useSession } from '../../../api/session-context.tsx';
import { EmailAddressField } from '../../../components/forms/auth-fields.tsx';
import { StepForm, useStepCall } from '../../../components/forms/step-form.tsx';
import { currentLocale } from '../../../i18n/create-app-i18n.ts';
import { checkEmailAddress, emailCodeErrorKey, smsCodeErrorKey } from '../../../lib/input-rules.ts';
import { RegistrationStepper } from './registration-stepper.tsx';
import { CodeStep, PhoneNumberStep } from './shared-steps.tsx';
import { useCampaignId } from './use-campaign.ts';
import { useReferralLinkId } from './use-referral.tsx';

/** What a BankID order proved about a person who has no user yet (SPEC section 3, personalNumberToken). */
export interface BankIdProof {
  personalNumberToken: string;
  name: string;
}

/** Registration with BankID: the name comes from BankID and no PIN is chosen (the person logs in with BankID). */
const bankIdSteps = ['phone', 'smsCode', 'email', 'emailCode'] as const;

type Progress =
  | { step: 'phone' }
  | { step: 'smsCode'; sent: BankIdSmsResponse }
  | { step: 'email'; phoneNumberProof: string }
  | { step: 'emailCode'; phoneNumberProof: string; emailAddressToken: string };

/**
 * SPEC section 3's BankID SMS and e-mail steps (`linktinker/app/bankid/sms`, `/email` and their validations): each
 * carries the BankID proof, and the e-mail steps the phone's proof too. "Back" leaves BankID for the phone sign-up.
 */
export function BankIdRegistrationPanel({ proof, onLeave }: { proof: BankIdProof; onLeave: () => void }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const api = useMemo(() => createAuthApi(client), [client]);
  const session = useSession();
  const [progress, setProgress] = useState<Progress>({ step: 'phone' });
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const token = proof.personalNumberToken;

  return (
    <>
      <RegistrationStepper steps={bankIdSteps} active={progress.step} />
      <Alert severity="success" sx={{ mb: 2 }}>
        {t('auth.registration.bankId.identified', { name: proof.name })}
      </Alert>
      {progress.step === 'phone' && (
        <BankIdPhoneStep
          api={api}
          token={token}
          phone={phone}
          onPhoneChange={setPhone}
          onSent={(sent) => setProgress({ step: 'smsCode', sent })}
          onBack={onLeave}
        />
      )}
      {progress.step === 'smsCode' && (
        <BankIdSmsCodeStep
          api={api}
          token={token}
          sent={progress.sent}
          onVerified={(phoneNumberProof) => setProgress({ step: 'email', phoneNumberProof })}
          onBack={() => setProgress({ step: 'phone' })}
        />
      )}
      {progress.step === 'email' && (
        <BankIdEmailStep
          api={api}
          token={token}
          phoneNumberProof={progress.phoneNumberProof}
          email={email}
          onEmailChange={setEmail}
          onSent={(emailAddressToken) =>
            setProgress({ step: 'emailCode', phoneNumberProof: progress.phoneNumberProof, emailAddressToken })
          }
        />
      )}
      {progress.step === 'emailCode' && (
        <BankIdEmailCodeStep
          api={api}
          token={token}
          phoneNumberProof={progress.phoneNumberProof}
          emailAddressToken={progress.emailAddressToken}
          email={email.trim()}
          onRegistered={session.signIn}
          onBack={() => setProgress({ step: 'email', phoneNumberProof: progress.phoneNumberProof })}
        />
      )}
    </>
  );
}

interface StepBase {
  api: AuthApi;
  token: string;
}

function BankIdPhoneStep({
  api,
  token,
  phone,
  onPhoneChange,
  onSent,
  onBack,
}: StepBase & {
  phone: string;
  onPhoneChange: (phone: string) => void;
  onSent: (sent: BankIdSmsResponse) => void;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <PhoneNumberStep
      intro={t('auth.registration.bankId.phoneIntro')}
      phone={phone}
      onPhoneChange={onPhoneChange}
      send={async (phoneNumber) =>
        onSent(await api.bankIdSms({ phoneNumber, personalNumberToken: token, lang: currentLocale(i18n) }))
      }
      onBack={onBack}
    />
  );
}

function BankIdSmsCodeStep({
  api,
  token,
  sent,
  onVerified,
  onBack,
}: StepBase & { sent: BankIdSmsResponse; onVerified: (phoneNumberProof: string) => void; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <CodeStep
      kind="sms"
      title={t('auth.registration.smsCode.title')}
      intro={t('auth.registration.smsCode.intro', { phone: sent.PhoneNumberMasked })}
      submitLabel={t('auth.registration.continue')}
      errorKeyOf={smsCodeErrorKey}
      verify={async (code) => {
        const answer = await api.validateBankIdSms({
          personalNumberToken: token,
          phoneNumberToken: sent.PhoneNumberToken,
          code,
        });
        onVerified(answer.PhoneNumberProof);
      }}
      onBack={onBack}
    />
  );
}

function BankIdEmailStep({
  api,
  token,
  phoneNumberProof,
  email,
  onEmailChange,
  onSent,
}: StepBase & {
  phoneNumberProof: string;
  email: string;
  onEmailChange: (email: string) => void;
  onSent: (emailAddressToken: string) => void;
}) {
  const { t } = useTranslation();
  const call = useStepCall();
  const referralLinkId = useReferralLinkId();
  const campaignActivationId = useCampaignId();
  const check = checkEmailAddress(email);
  const submit = () => {
    call.check();
    const emailAddress = check.address;
    if (!emailAddress) return;
    void call.run(async () => {
      const answer = await api.bankIdEmail({
        emailAddress,
        personalNumberToken: token,
        phoneNumberProof,
        referralLinkId,
        campaignActivationId,
      });
      onSent(answer.EmailAddressToken);
    });
  };
  return (
    <StepForm
      title={t('auth.registration.bankId.emailTitle')}
      intro={t('auth.registration.email.intro')}
      failure={call.failure}
      isProcessing={call.isProcessing}
      submitLabel={t('auth.registration.sendCode')}
      onSubmit={submit}
    >
      <EmailAddressField
        value={email}
        onChange={onEmailChange}
        errorKey={call.isChecked ? check.errorKey : null}
        disabled={call.isProcessing}
        autoFocus
      />
    </StepForm>
  );
}

function BankIdEmailCodeStep({
  api,
  token,
  phoneNumberProof,
  emailAddressToken,
  email,
  onRegistered,
  onBack,
}: StepBase & {
  phoneNumberProof: string;
  emailAddressToken: string;
  email: string;
  onRegistered: (auth: AuthState) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  return (
    <CodeStep
      kind="email"
      title={t('auth.registration.emailCode.title')}
      intro={t('auth.registration.emailCode.intro', { email })}
      submitLabel={t('auth.registration.finish')}
      errorKeyOf={emailCodeErrorKey}
      verify={async (code) =>
        onRegistered(
          await api.validateBankIdEmail({ personalNumberToken: token, phoneNumberProof, emailAddressToken, code }),
        )
      }
      onBack={onBack}
    />
  );
}
