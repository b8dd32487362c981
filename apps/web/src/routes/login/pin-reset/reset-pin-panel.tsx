import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { checkPinResetRoute } from '@signlink/contracts/auth/pin-reset.routes';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useApiClient } from '../../../api/api-context.tsx';
import { createAuthApi } from '../../../api/auth-api.ts';
import { useSession } from '../../../api/session-context.tsx';
import { useApiQuery } from '../../../api/use-api-query.ts';
import { FormError } from '../../../components/forms/form-error.tsx';
import { StepForm, useStepCall } from '../../../components/forms/step-form.tsx';
import { NewPinFields, useNewPin } from '../registration/shared-steps.tsx';

/** What /login shows after a route sends the person there (see LoginNotice). */
export interface LoginRouteState {
  notice?: 'pinChanged';
}

/**
 * /resetpin/{id} (SPEC section 2, "PIN reset by link"): the link is checked first, so an expired one says so before
 * anything is typed (SPEC section 8, "PIN reset link expired"); then the new PIN twice. The user's sessions end on
 * the server, so this browser forgets its token too, and the person logs in with the new PIN.
 */
export function ResetPinPanel() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const api = createAuthApi(useApiClient());
  const session = useSession();
  const navigate = useNavigate();
  const call = useStepCall();
  const newPin = useNewPin();
  const status = useApiQuery(
    checkPinResetRoute,
    { params: { id: code } },
    { auth: 'client', silent: true },
    { retry: false, staleTime: Number.POSITIVE_INFINITY },
  );

  if (status.isPending) {
    return (
      <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress />
      </Box>
    );
  }
  if (status.isError) {
    return (
      <Stack spacing={2}>
        <FormError error={status.error} />
        <Button component={RouterLink} to="/login" variant="outlined">
          {t('auth.pinReset.backToLogin')}
        </Button>
      </Stack>
    );
  }

  const submit = () => {
    call.check();
    if (!newPin.isValid) return;
    void call.run(async () => {
      await api.resetPin(code, { Pin: newPin.pin });
      await session.logout();
      navigate('/login', { replace: true, state: { notice: 'pinChanged' } satisfies LoginRouteState });
    });
  };
  const masked = status.data.PhoneNumberMasked;
  return (
    <StepForm
      title={t('auth.pinReset.newPinTitle')}
      intro={masked ? t('auth.pinReset.newPinIntroFor', { phone: masked }) : t('auth.pinReset.newPinIntro')}
      failure={call.failure}
      isProcessing={call.isProcessing}
      submitLabel={t('auth.pinReset.save')}
      onSubmit={submit}
    >
      <NewPinFields newPin={newPin} isChecked={call.isChecked} disabled={call.isProcessing} />
    </StepForm>
  );
}
