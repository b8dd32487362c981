import { type RoleCode, roles } from '@signlink/contracts/auth/roles';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAccountsApi } from '../../api/accounts-api.ts';
import { useApiClient } from '../../api/api-context.tsx';
import { checkEmailAddress } from '../../lib/input-rules.ts';
import { FormDialog } from '../dialogs/form-dialog.tsx';
import { EmailAddressField } from '../forms/auth-fields.tsx';
import { FormError } from '../forms/form-error.tsx';
import { useStepCall } from '../forms/step-form.tsx';
import { RoleSelect } from './role-select.tsx';

/**
 * The invite-user wizard (SPEC section 2): an address and a role; the invitation e-mail carries the /register/{id}
 * link. Inviting an address with a pending invitation sends that one again (contracts/accounts/users.ts).
 */
export function InviteUserDialog({ onClose, onInvited }: { onClose: () => void; onInvited: (email: string) => void }) {
  const { t } = useTranslation();
  const api = createAccountsApi(useApiClient());
  const call = useStepCall();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<RoleCode>(roles.regular);
  const emailCheck = checkEmailAddress(email);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    call.check();
    const address = emailCheck.address;
    if (!address) return;
    void call.run(async () => {
      await api.inviteUser({ email: address, role });
      onInvited(address);
    });
  };

  return (
    <FormDialog
      title={t('users.invite.title')}
      intro={t('users.invite.intro')}
      submitLabel={t('users.invite.send')}
      onSubmit={submit}
      onClose={onClose}
      isProcessing={call.isProcessing}
      isFullScreenOnPhone
    >
      <EmailAddressField
        value={email}
        onChange={setEmail}
        errorKey={call.isChecked ? emailCheck.errorKey : null}
        disabled={call.isProcessing}
        autoComplete="off"
        autoFocus
      />
      <RoleSelect label={t('users.role')} value={role} onChange={setRole} disabled={call.isProcessing} withHelp />
      <FormError error={call.failure} />
    </FormDialog>
  );
}
