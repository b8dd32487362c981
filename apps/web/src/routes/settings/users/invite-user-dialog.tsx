import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type RoleCode, roles } from '@signlink/contracts/auth/roles';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAccountsApi } from '../../../api/accounts-api.ts';
import { useApiClient } from '../../../api/api-context.tsx';
import { AppDialog } from '../../../components/dialogs/app-dialog.tsx';
import { FormError } from '../../../components/forms/form-error.tsx';
import { checkEmailAddress } from '../../login/input-rules.ts';
import { useStepCall } from '../../login/registration/step-form.tsx';
import { RoleSelect } from './role-select.tsx';

/**
 * The invite-user wizard (SPEC section 2): an address and a role; the invitation e-mail carries the /register/{id}
 * link. Inviting an address with a pending invitation sends that one again (contracts/accounts/users.ts).
 */
export function InviteUserDialog({ onClose, onInvited }: { onClose: () => void; onInvited: (email: string) => void }) {
  const { t } = useTranslation();
  const api = createAccountsApi(useApiClient());
  const formId = useId();
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
    <AppDialog
      title={t('users.invite.title')}
      onClose={onClose}
      isFullScreenOnPhone
      actions={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="submit"
            form={formId}
            variant="contained"
            disabled={call.isProcessing}
            startIcon={call.isProcessing ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('users.invite.send')}
          </Button>
        </>
      }
    >
      <Stack
        component="form"
        id={formId}
        noValidate
        onSubmit={submit}
        spacing={2.5}
        aria-label={t('users.invite.title')}
        sx={{ pt: 1 }}
      >
        <Typography color="text.secondary">{t('users.invite.intro')}</Typography>
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={call.isChecked && Boolean(emailCheck.errorKey)}
          helperText={call.isChecked && emailCheck.errorKey ? t(emailCheck.errorKey) : undefined}
          disabled={call.isProcessing}
          autoFocus
          fullWidth
        />
        <RoleSelect label={t('users.role')} value={role} onChange={setRole} disabled={call.isProcessing} withHelp />
        <FormError error={call.failure} />
      </Stack>
    </AppDialog>
  );
}
