import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ValidateBankIdResponse } from '@signlink/contracts/bankid/bankid-orders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../api/session-context.tsx';
import { BankIdDialog } from '../../components/bankid/bankid-dialog.tsx';
import { FormError } from '../../components/forms/form-error.tsx';
import { LoginDialog } from './login-dialog.tsx';
import { PhoneLoginForm } from './phone-login-form.tsx';

type BankIdOutcome = 'noAccount' | 'failed';

/**
 * SPEC section 2's three ways in: BankID (this or another device, with QR), phone number plus PIN, and e-mail plus
 * password in the login dialog. Each ends in `session.signIn`; the screen then moves on (account-entry-page.tsx).
 */
export function LoginPanel() {
  const { t } = useTranslation();
  const session = useSession();
  const [isBankIdOpen, setIsBankIdOpen] = useState(false);
  const [isLoginDialogOpen, setIsLoginDialogOpen] = useState(false);
  const [bankIdOutcome, setBankIdOutcome] = useState<BankIdOutcome | null>(null);

  const openBankId = () => {
    setIsLoginDialogOpen(false);
    setBankIdOutcome(null);
    setIsBankIdOpen(true);
  };
  const onBankIdDone = (result: ValidateBankIdResponse) => {
    setIsBankIdOpen(false);
    if (result.Auth) session.signIn(result.Auth);
    // A person BankID knows but we do not: their sign-up starts here (SPEC section 3, personalNumberToken).
    else setBankIdOutcome(result.PersonalNumberToken ? 'noAccount' : 'failed');
  };

  return (
    <Stack spacing={3}>
      <Stack spacing={1.5}>
        <Button variant="contained" size="large" onClick={openBankId} fullWidth>
          {t('auth.login.bankId')}
        </Button>
        {bankIdOutcome === 'noAccount' && (
          <Alert severity="info" role="status">
            {t('auth.login.bankIdNoAccount')}{' '}
            <Link component={RouterLink} to="/createaccount">
              {t('auth.login.createAccountInstead')}
            </Link>
          </Alert>
        )}
        {bankIdOutcome === 'failed' && <FormError error={new Error('no session')} />}
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
        onDone={(_identity, result) => onBankIdDone(result)}
        onCancel={() => setIsBankIdOpen(false)}
      />
    </Stack>
  );
}
