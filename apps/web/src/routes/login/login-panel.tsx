import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ValidateBankIdResponse } from '@signlink/contracts/bankid/bankid-orders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../api/session-context.tsx';
import { BankIdDialog } from '../../components/bankid/bankid-dialog.tsx';
import { FormError } from '../../components/forms/form-error.tsx';
import { HelpLink } from '../../components/help/help-link.tsx';
import { LoginDialog } from './login-dialog.tsx';
import { PhoneLoginForm } from './phone-login-form.tsx';
import type { BankIdProof } from './registration/bankid-registration-panel.tsx';
import type { SignUpRouteState } from './registration/sign-up-panel.tsx';

/**
 * SPEC section 2's three ways in: BankID (this or another device, with QR), phone number plus PIN, and e-mail plus
 * password in the login dialog. Each ends in `session.signIn`; the screen then moves on (account-entry-page.tsx).
 */
export function LoginPanel() {
  const { t } = useTranslation();
  const session = useSession();
  const [isBankIdOpen, setIsBankIdOpen] = useState(false);
  const [isLoginDialogOpen, setIsLoginDialogOpen] = useState(false);
  const navigate = useNavigate();
  const [bankIdProof, setBankIdProof] = useState<BankIdProof | null>(null);
  const [hasBankIdFailed, setHasBankIdFailed] = useState(false);

  const openBankId = () => {
    setIsLoginDialogOpen(false);
    setBankIdProof(null);
    setHasBankIdFailed(false);
    setIsBankIdOpen(true);
  };
  const onBankIdDone = (name: string, result: ValidateBankIdResponse) => {
    setIsBankIdOpen(false);
    if (result.Auth) session.signIn(result.Auth);
    // A person BankID knows but we do not: their sign-up can start from this proof (SPEC section 3).
    else if (result.PersonalNumberToken) setBankIdProof({ personalNumberToken: result.PersonalNumberToken, name });
    else setHasBankIdFailed(true);
  };
  const signUpWithBankId = (proof: BankIdProof) =>
    navigate('/createaccount', { state: { bankIdProof: proof } satisfies SignUpRouteState });

  return (
    <Stack spacing={3}>
      <Stack spacing={1.5}>
        <Button variant="contained" size="large" onClick={openBankId} fullWidth>
          {t('auth.login.bankId')}
        </Button>
        {bankIdProof && (
          <Alert
            severity="info"
            role="status"
            action={
              <Button color="inherit" size="small" onClick={() => signUpWithBankId(bankIdProof)}>
                {t('auth.login.createAccountInstead')}
              </Button>
            }
          >
            {t('auth.login.bankIdNoAccount')}
          </Alert>
        )}
        {hasBankIdFailed && <FormError error={new Error('no session')} />}
      </Stack>

      <Divider>
        <Typography variant="body2" color="text.secondary">
          {t('auth.login.phone.heading')}
        </Typography>
      </Divider>
      <PhoneLoginForm onLoggedIn={session.signIn} />

      <Divider />
      <Button onClick={() => setIsLoginDialogOpen(true)} sx={{ alignSelf: 'center' }}>
        {t('auth.login.withEmail')}
      </Button>

      <LoginDialog
        open={isLoginDialogOpen}
        onClose={() => setIsLoginDialogOpen(false)}
        onLoggedIn={(auth) => {
          setIsLoginDialogOpen(false);
          session.signIn(auth);
        }}
        onUseBankId={openBankId}
      />
      <BankIdDialog
        open={isBankIdOpen}
        purpose="login"
        footer={<HelpLink slug="bankid" />}
        onDone={(identity, result) => onBankIdDone(identity.Name, result)}
        onCancel={() => setIsBankIdOpen(false)}
      />
    </Stack>
  );
}
