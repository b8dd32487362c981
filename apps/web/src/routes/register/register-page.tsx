import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AnyInvitationDetails } from '@signlink/contracts/accounts/customer-invitations';
import type { AuthState } from '@signlink/contracts/auth/auth-state';
import { roleNameOf } from '@signlink/contracts/auth/roles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { createAccountsApi } from '../../api/accounts-api.ts';
import { useApiClient } from '../../api/api-context.tsx';
import { ApiError } from '../../api/api-error.ts';
import { useSession, useSessionState } from '../../api/session-context.tsx';
import { FormError } from '../../components/forms/form-error.tsx';
import { useStepCall } from '../../components/forms/step-form.tsx';
import { PageLayout } from '../../components/layout/page-layout.tsx';
import { forgetReturnTo, signedInHome } from '../../lib/return-to.ts';
import { CustomerInvitationOffer, useCustomerInvitationHeading } from './customer-invitation-offer.tsx';
import { isForAnotherEmail, SignInFirst, SwitchUserButton } from './sign-in-first.tsx';

/**
 * /register/{id}, an invited user's registration (SPEC section 2): the invitation is shown first, without a session;
 * a signed-in person accepts it and then acts for the company. Someone not signed in logs in or creates an account
 * and comes back here (lib/return-to.ts). SPEC section 5: not when they already have access to that company.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const client = useApiClient();
  const api = createAccountsApi(client);
  const session = useSession();
  const state = useSessionState();
  const call = useStepCall();
  const [accepted, setAccepted] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const customerHeading = useCustomerInvitationHeading();
  const invitationHeading = (invitation: AnyInvitationDetails) =>
    invitation.Kind === 'user'
      ? t('invitation.heading', { company: invitation.CompanyName })
      : customerHeading(invitation);
  const detailsKey = ['invitation-details', id];
  const details = useQuery({
    queryKey: detailsKey,
    queryFn: () => api.invitationDetails(id),
    // Once accepted the invitation is no longer pending: asking again would only answer 409.
    enabled: accepted === null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  /** The new membership or account is the one the person acts for from now on. */
  const finish = (auth: AuthState) => {
    forgetReturnTo();
    setAccepted(auth.user.AccountName);
    // Out of the cache first, so the account change's reset does not fetch it again.
    queryClient.removeQueries({ queryKey: detailsKey });
    session.enterAccount(auth);
  };
  const accept = () => void call.run(async () => finish(await api.acceptInvitation(id)));

  let content: ReactNode;
  if (accepted) {
    content = (
      <Stack spacing={2}>
        <Alert severity="success" role="status">
          {t('invitation.accepted', { company: accepted })}
        </Alert>
        <Button component={RouterLink} to={signedInHome} variant="contained">
          {t('invitation.goToDashboard')}
        </Button>
      </Stack>
    );
  } else if (details.isPending || state.status === 'loading') {
    content = (
      <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress />
      </Box>
    );
  } else if (details.isError) {
    const isAccepted = details.error instanceof ApiError && details.error.code === 'INVITATION_ALREADY_ACCEPTED';
    content = (
      <Stack spacing={2}>
        <FormError error={details.error}>
          {details.error instanceof ApiError && details.error.code === 'NOT_FOUND'
            ? ` ${t('invitation.notFound')}`
            : null}
        </FormError>
        <Button component={RouterLink} to={isAccepted && state.status !== 'signedIn' ? '/login' : signedInHome}>
          {t(isAccepted && state.status !== 'signedIn' ? 'common.logIn' : 'common.goHome')}
        </Button>
      </Stack>
    );
  } else if (details.data.Kind !== 'user') {
    // A partner's customer invitation (SPEC section 6): the person opens a company or personal account.
    content = <CustomerInvitationOffer invitation={details.data} onAccepted={finish} />;
  } else {
    const invitation = details.data;
    const role = roleNameOf(invitation.Role) ?? 'regular';
    const isOtherEmail = isForAnotherEmail(call.failure);
    content = (
      <Stack spacing={2.5}>
        <Typography>
          {invitation.InviterName
            ? t('invitation.fromInviter', { inviter: invitation.InviterName, company: invitation.CompanyName })
            : t('invitation.fromCompany', { company: invitation.CompanyName })}
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}>
          <Typography component="dt" color="text.secondary">
            {t('invitation.sentTo')}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {invitation.EmailAddressMasked}
          </Typography>
          <Typography component="dt" color="text.secondary">
            {t('users.role')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {t(`users.roles.${role}`)}
          </Typography>
        </Box>
        {isOtherEmail ? (
          <FormError>{t('invitation.otherEmail', { email: invitation.EmailAddressMasked })}</FormError>
        ) : (
          <FormError error={call.failure} />
        )}
        {state.status === 'signedIn' ? (
          <>
            <Typography variant="body2" color="text.secondary">
              {t('invitation.signedInAs', { name: state.auth.user.Name, email: state.auth.user.Email ?? '' })}
            </Typography>
            <Button variant="contained" size="large" onClick={accept} disabled={call.isProcessing}>
              {t('invitation.accept', { company: invitation.CompanyName })}
            </Button>
            {isOtherEmail && <SwitchUserButton invitationId={id} />}
          </>
        ) : (
          <SignInFirst invitationId={id} />
        )}
      </Stack>
    );
  }

  return (
    <PageLayout>
      <Box sx={{ flex: '1 0 auto', display: 'flex', justifyContent: 'center', px: 2, py: { xs: 3, sm: 6 } }}>
        <Paper
          variant="outlined"
          sx={{ width: '100%', maxWidth: 520, alignSelf: 'flex-start', px: { xs: 2.5, sm: 4 }, pt: 3, pb: 4 }}
        >
          <Typography variant="h1" sx={{ fontSize: { xs: '1.375rem', sm: '1.75rem' }, mb: 3 }}>
            {details.data && !accepted ? invitationHeading(details.data) : t('routes.register')}
          </Typography>
          {content}
        </Paper>
      </Box>
    </PageLayout>
  );
}
