import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ValidateBankIdResponse } from '@signlink/contracts/bankid/bankid-orders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSession } from '../../../api/session-context.tsx';
import { BankIdDialog } from '../../../components/bankid/bankid-dialog.tsx';
import { FormError } from '../../../components/forms/form-error.tsx';
import { type BankIdProof, BankIdRegistrationPanel } from './bankid-registration-panel.tsx';
import { RegistrationPanel } from './registration-panel.tsx';
import { ReferralLinkProvider, useReferral } from './use-referral.tsx';

/** Router state with which the login screen hands over a BankID proof (login-panel.tsx). */
export interface SignUpRouteState {
  bankIdProof?: BankIdProof;
}

/**
 * Create account: by BankID (name and personal number from BankID, then phone and e-mail) or by phone (phone, code,
 * PIN, name and e-mail, code). A BankID login of a person without a user arrives here with its proof. A partner's
 * shared link (`?referral=`) is shown first and goes with either sign-up while the server shows it as active.
 */
export function SignUpPanel() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const [proof, setProof] = useState<BankIdProof | null>(
    () => (location.state as SignUpRouteState | null)?.bankIdProof ?? null,
  );
  const [isBankIdOpen, setIsBankIdOpen] = useState(false);
  const [hasBankIdFailed, setHasBankIdFailed] = useState(false);
  const referral = useReferral();

  if (proof) {
    return (
      <ReferralLinkProvider value={referral.referralLinkId}>
        {referral.notice}
        <BankIdRegistrationPanel proof={proof} onLeave={() => setProof(null)} />
      </ReferralLinkProvider>
    );
  }

  const onBankIdDone = (name: string, result: ValidateBankIdResponse) => {
    setIsBankIdOpen(false);
    // The person has a user already: BankID has logged them in.
    if (result.Auth) session.signIn(result.Auth);
    else if (result.PersonalNumberToken) setProof({ personalNumberToken: result.PersonalNumberToken, name });
    else setHasBankIdFailed(true);
  };

  return (
    <ReferralLinkProvider value={referral.referralLinkId}>
      {referral.notice}
      <RegistrationPanel
        alternative={
          <Stack spacing={3} sx={{ mt: 3 }}>
            <Divider>
              <Typography variant="body2" color="text.secondary">
                {t('auth.registration.bankId.or')}
              </Typography>
            </Divider>
            <Button
              variant="outlined"
              size="large"
              fullWidth
              onClick={() => {
                setHasBankIdFailed(false);
                setIsBankIdOpen(true);
              }}
            >
              {t('auth.registration.bankId.start')}
            </Button>
            {hasBankIdFailed && <FormError error={new Error('no proof')} />}
          </Stack>
        }
      />
      <BankIdDialog
        open={isBankIdOpen}
        purpose="registration"
        onDone={(identity, result) => onBankIdDone(identity.Name, result)}
        onCancel={() => setIsBankIdOpen(false)}
      />
    </ReferralLinkProvider>
  );
}
