import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CustomerInvitationDetails } from '@signlink/contracts/accounts/customer-invitations';
import type { AuthState } from '@signlink/contracts/auth/auth-state';
import { formatOrgNumber } from '@signlink/contracts/validation/org-number';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { createAccountsApi } from '../../api/accounts-api.ts';
import { useApiClient } from '../../api/api-context.tsx';
import { ApiError } from '../../api/api-error.ts';
import { useSessionState } from '../../api/session-context.tsx';
import { BankIdDialog } from '../../components/bankid/bankid-dialog.tsx';
import { FormError } from '../../components/forms/form-error.tsx';
import { useStepCall } from '../../components/forms/step-form.tsx';
import { isForAnotherEmail, SignInFirst, SwitchUserButton } from './sign-in-first.tsx';

/** The company by the name the partner gave, else by its organisation number. */
function companyLabel(invitation: CustomerInvitationDetails): string {
  return invitation.Name ?? formatOrgNumber(invitation.OrgNumber ?? '');
}

export function useCustomerInvitationHeading() {
  const { t } = useTranslation();
  return (invitation: CustomerInvitationDetails) =>
    invitation.Kind === 'company'
      ? t('invitation.customer.heading.company', { company: companyLabel(invitation) })
      : t('invitation.customer.heading.personal');
}

/**
 * /register/{id} for a partner's customer invitation (SPEC sections 2, 5 and 6): what is offered, then the invited
 * person, signed in, opens it. A company is proven first by an organisation-number BankID order for the invited
 * number (an authorised signatory, beneficial owner or board member); the order's key goes with the acceptance.
 */
export function CustomerInvitationOffer({
  invitation,
  onAccepted,
}: {
  invitation: CustomerInvitationDetails;
  onAccepted: (auth: AuthState) => void;
}) {
  const { t } = useTranslation();
  const { id = invitation.Id } = useParams();
  const api = createAccountsApi(useApiClient());
  const state = useSessionState();
  const call = useStepCall();
  const [isBankIdOpen, setIsBankIdOpen] = useState(false);
  const isCompany = invitation.Kind === 'company';
  const vars = { inviter: invitation.InviterName ?? invitation.PartnerName, partner: invitation.PartnerName };

  const accept = (clientAccessKey?: string) =>
    void call.run(async () => {
      onAccepted(await api.acceptInvitation(id, clientAccessKey ? { ClientAccessKey: clientAccessKey } : {}));
    });

  const isOtherEmail = isForAnotherEmail(call.failure);
  const hasPersonal = !isCompany && call.failure instanceof ApiError && call.failure.code === 'ACCOUNT_EXISTS';
  let failure = <FormError error={call.failure} />;
  if (isOtherEmail)
    failure = <FormError>{t('invitation.otherEmail', { email: invitation.EmailAddressMasked })}</FormError>;
  else if (hasPersonal) failure = <FormError>{t('invitation.customer.hasPersonal')}</FormError>;

  return (
    <Stack spacing={2.5}>
      <Typography>
        {isCompany
          ? t('invitation.customer.offer.company', { ...vars, company: companyLabel(invitation) })
          : t('invitation.customer.offer.personal', vars)}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}>
        <Typography component="dt" color="text.secondary">
          {t('invitation.sentTo')}
        </Typography>
        <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {invitation.EmailAddressMasked}
        </Typography>
        {invitation.OrgNumber && (
          <>
            <Typography component="dt" color="text.secondary">
              {t('addCompany.orgNumber.label')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {formatOrgNumber(invitation.OrgNumber)}
            </Typography>
          </>
        )}
      </Box>
      {failure}
      {state.status === 'signedIn' ? (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('invitation.signedInAs', { name: state.auth.user.Name, email: state.auth.user.Email ?? '' })}
          </Typography>
          {isCompany && <Typography variant="body2">{t('invitation.customer.proveCompany')}</Typography>}
          <Button
            variant="contained"
            size="large"
            disabled={call.isProcessing || isBankIdOpen}
            onClick={() => (isCompany ? setIsBankIdOpen(true) : accept())}
          >
            {t(isCompany ? 'invitation.customer.acceptCompany' : 'invitation.customer.acceptPersonal')}
          </Button>
          {isOtherEmail && <SwitchUserButton invitationId={id} />}
          {isCompany && invitation.OrgNumber && (
            <BankIdDialog
              open={isBankIdOpen}
              purpose="org-validation"
              orgNumber={invitation.OrgNumber}
              onDone={(proof) => {
                setIsBankIdOpen(false);
                accept(proof.clientAccessKey);
              }}
              onCancel={() => setIsBankIdOpen(false)}
            />
          )}
        </>
      ) : (
        <SignInFirst invitationId={id} />
      )}
    </Stack>
  );
}
