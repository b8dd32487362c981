import type { RegisterPhoneResponse, RegistrationStep } from '@signlink/contracts/auth/registration';
import { type ReactNode, useMemo, useState } from 'react';
import { useApiClient } from '../../../api/api-context.tsx';
import { createAuthApi } from '../../../api/auth-api.ts';
import { useSession } from '../../../api/session-context.tsx';
import { EmailCodeStep, type EmailDraft, EmailStep } from './email-steps.tsx';
import { PhoneStep, PinStep, SmsCodeStep } from './phone-steps.tsx';
import { RegistrationStepper } from './registration-stepper.tsx';

/** SPEC section 2, registration steps: phone, code, PIN, e-mail, code. */
export const registrationSteps = ['phone', 'smsCode', 'pin', 'email', 'emailCode'] as const;

type Progress =
  | { step: 'phone' }
  | { step: 'smsCode'; sent: RegisterPhoneResponse; phoneNumber: string }
  | { step: 'pin'; registrationId: string }
  | { step: 'email'; registrationId: string }
  | { step: 'emailCode'; registrationId: string; emailAddressToken: string };

/** Where the server says the sign-up continues; a code step needs the token of a send, so it is never skipped to. */
function progressAfter(answer: RegistrationStep, fallback: 'pin' | 'email'): Progress {
  const step = answer.NextStep === 'pin' || answer.NextStep === 'email' ? answer.NextStep : fallback;
  return { step, registrationId: answer.RegistrationId };
}

/**
 * Sign-up by phone (`linktinker/app/register/*`), one step at a time with a stepper. Back is offered where it makes
 * sense: from a code to what it was sent to. Once the phone is proven the sign-up only goes forward.
 */
export function RegistrationPanel({
  alternative,
}: {
  /** Shown under the first step only: another way to sign up. */ alternative?: ReactNode;
}) {
  const client = useApiClient();
  const api = useMemo(() => createAuthApi(client), [client]);
  const session = useSession();
  const [progress, setProgress] = useState<Progress>({ step: 'phone' });
  const [phone, setPhone] = useState('');
  const [draft, setDraft] = useState<EmailDraft>({ name: '', email: '' });

  return (
    <>
      <RegistrationStepper steps={registrationSteps} active={progress.step} />
      {progress.step === 'phone' && (
        <PhoneStep
          api={api}
          phone={phone}
          onPhoneChange={setPhone}
          onSent={(sent, phoneNumber) => setProgress({ step: 'smsCode', sent, phoneNumber })}
        />
      )}
      {progress.step === 'phone' && alternative}
      {progress.step === 'smsCode' && (
        <SmsCodeStep
          api={api}
          sent={progress.sent}
          phoneNumber={progress.phoneNumber}
          onResent={(sent) => setProgress({ ...progress, sent })}
          onVerified={(answer) => setProgress(progressAfter(answer, 'pin'))}
          onBack={() => setProgress({ step: 'phone' })}
        />
      )}
      {progress.step === 'pin' && (
        <PinStep
          api={api}
          registrationId={progress.registrationId}
          onSaved={(answer) => setProgress(progressAfter(answer, 'email'))}
        />
      )}
      {progress.step === 'email' && (
        <EmailStep
          api={api}
          registrationId={progress.registrationId}
          draft={draft}
          onDraftChange={setDraft}
          onSent={(emailAddressToken) =>
            setProgress({ step: 'emailCode', registrationId: progress.registrationId, emailAddressToken })
          }
        />
      )}
      {progress.step === 'emailCode' && (
        <EmailCodeStep
          api={api}
          registrationId={progress.registrationId}
          emailAddressToken={progress.emailAddressToken}
          email={draft.email.trim()}
          // The screen moves on once the session holds the new user (account-entry-page.tsx).
          onRegistered={session.signIn}
          onBack={() => setProgress({ step: 'email', registrationId: progress.registrationId })}
        />
      )}
    </>
  );
}
