import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { AuthState } from '@signlink/contracts/auth/auth-state';
import { useTranslation } from 'react-i18next';
import type { AuthApi } from '../../../api/auth-api.ts';
import { EmailAddressField } from '../../../components/forms/auth-fields.tsx';
import { StepForm, useStepCall } from '../../../components/forms/step-form.tsx';
import { checkEmailAddress, emailCodeErrorKey } from '../../../lib/input-rules.ts';
import { CodeStep } from './shared-steps.tsx';

/** SPEC section 2's registration steps 4 and 5: e-mail, code; the last one signs the new user in. */

export interface EmailDraft {
  name: string;
  email: string;
}

/** Step 4: the person's name and e-mail address, which gets a 6-character code (`register/email`). */
export function EmailStep({
  api,
  registrationId,
  draft,
  onDraftChange,
  onSent,
}: {
  api: AuthApi;
  registrationId: string;
  draft: EmailDraft;
  onDraftChange: (draft: EmailDraft) => void;
  onSent: (emailAddressToken: string) => void;
}) {
  const { t } = useTranslation();
  const call = useStepCall();
  const nameError = draft.name.trim() ? null : 'auth.validation.nameRequired';
  const emailCheck = checkEmailAddress(draft.email);
  const submit = () => {
    call.check();
    const address = emailCheck.address;
    if (nameError || !address) return;
    void call.run(async () => {
      const answer = await api.registerEmail({
        RegistrationId: registrationId,
        EmailAddress: address,
        Name: draft.name.trim(),
      });
      onSent(answer.EmailAddressToken);
    });
  };
  return (
    <StepForm
      title={t('auth.registration.email.title')}
      intro={t('auth.registration.email.intro')}
      failure={call.failure}
      isProcessing={call.isProcessing}
      submitLabel={t('auth.registration.sendCode')}
      onSubmit={submit}
    >
      <Stack spacing={2}>
        <TextField
          label={t('auth.fields.name')}
          value={draft.name}
          onChange={(event) => onDraftChange({ ...draft, name: event.target.value })}
          autoComplete="name"
          error={call.isChecked && Boolean(nameError)}
          helperText={call.isChecked && nameError ? t(nameError) : undefined}
          disabled={call.isProcessing}
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <EmailAddressField
          value={draft.email}
          onChange={(email) => onDraftChange({ ...draft, email })}
          errorKey={call.isChecked ? emailCheck.errorKey : null}
          disabled={call.isProcessing}
        />
      </Stack>
    </StepForm>
  );
}

/** Step 5: the e-mailed code (`register/email/validate`) creates the user and signs them in. */
export function EmailCodeStep({
  api,
  registrationId,
  emailAddressToken,
  email,
  onRegistered,
  onBack,
}: {
  api: AuthApi;
  registrationId: string;
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
      verify={async (code) => {
        onRegistered(
          await api.validateRegisterEmail({
            RegistrationId: registrationId,
            EmailAddressToken: emailAddressToken,
            Code: code,
          }),
        );
      }}
      onBack={onBack}
    />
  );
}
