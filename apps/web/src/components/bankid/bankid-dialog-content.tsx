import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { limits } from '@signlink/contracts/constants';
import { messageKeyOf } from '@signlink/contracts/errors/error-codes';
import { useTranslation } from 'react-i18next';
import type { BankIdOption, BankIdState } from './bankid-machine.ts';
import { BankIdQrCode } from './bankid-qr-code.tsx';

/** BankID's failure hints that have a text of their own; others only say "action cancelled". */
const explainedFailures = new Set(['userCancel', 'expiredTransaction', 'certificateErr', 'startFailed']);
const explainedBankIdHints = new Set(['userMrtd', 'userCallConfirm']);

/** The text for a waiting order, after BankID's recommended user messages (RP guidelines, RFA1, RFA9, RFA14…). */
export function waitingHintKey({ step, subState, hintCode }: BankIdState): string {
  if (subState === 'awaitingBankId') {
    return hintCode && explainedBankIdHints.has(hintCode) ? `bankId.hints.${hintCode}` : 'bankId.hints.userSign';
  }
  const isQr = step === 'qrVerify';
  if (subState === 'awaitingUser') return isQr ? 'bankId.hints.awaitingUserQr' : 'bankId.hints.awaitingUserThisDevice';
  return isQr ? 'bankId.hints.startedQr' : 'bankId.hints.startedThisDevice';
}

export function BankIdStartOptions({
  state,
  onChoose,
}: {
  state: BankIdState;
  onChoose: (option: BankIdOption) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      {state.error === 'couldNotStart' && <Alert severity="error">{t('bankId.errors.couldNotStart')}</Alert>}
      <Typography>{t('bankId.options.heading')}</Typography>
      {state.options.map((option, index) => (
        <Button
          key={option}
          variant={index === 0 ? 'contained' : 'outlined'}
          size="large"
          onClick={() => onChoose(option)}
          sx={{ flexDirection: 'column', py: 1.5, textTransform: 'none' }}
        >
          <span>{t(`bankId.options.${option}`)}</span>
          <Typography component="span" variant="caption">
            {t(`bankId.options.${option}Hint`)}
          </Typography>
        </Button>
      ))}
    </Stack>
  );
}

export function BankIdProgress({ message }: { message?: string }) {
  return (
    // On a phone the message wraps and fills the row, which left the spinner alone at the edge: it goes above there.
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 1.5, sm: 2 }}
      sx={{ alignItems: 'center', justifyContent: 'center', py: 2, textAlign: 'center' }}
    >
      <CircularProgress size={28} />
      {message && <Typography role="status">{message}</Typography>}
    </Stack>
  );
}

/** The server's verdict on a completed order, in the catalogue's words (SPEC section 8); undefined for the others. */
function verdictText(t: (key: string, options?: Record<string, unknown>) => string, state: BankIdState) {
  switch (state.error) {
    case 'personTooYoung':
      return t('bankId.errors.personTooYoung', { age: limits.bankIdMinimumAge });
    case 'orgNumberVerificationFailed':
      return t(messageKeyOf('ORG_NUMBER_VERIFICATION_FAILED'));
    case 'companyLookupFailed':
      return t(messageKeyOf('COMPANY_LOOKUP_FAILED'));
    default:
      return undefined;
  }
}

export function BankIdFailure({ state }: { state: BankIdState }) {
  const { t } = useTranslation();
  const verdict = verdictText(t, state);
  const detail = state.hintCode && explainedFailures.has(state.hintCode) ? state.hintCode : undefined;
  return (
    <Alert severity="error" role="alert">
      {verdict ?? t('bankId.errors.actionCancelled')}
      {detail && !verdict && ` ${t(`bankId.errors.${detail}`)}`}
    </Alert>
  );
}

/** The order is waiting: the QR code (every second's new one) or the link that opens the app on this device. */
export function BankIdWaiting({ state }: { state: BankIdState }) {
  const { t } = useTranslation();
  const isWaitingForUser = state.subState === 'started' || state.subState === 'awaitingUser';
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      {state.step === 'qrVerify' && isWaitingForUser && state.qrCodeData && (
        <>
          <BankIdQrCode data={state.qrCodeData} />
          <Typography variant="body2" color="text.secondary">
            {t('bankId.qr.instructions')}
          </Typography>
        </>
      )}
      {state.step === 'verify' && isWaitingForUser && state.autoStartUrl && (
        // A link the person follows, not a script redirect: browsers block custom-scheme navigation without a gesture.
        <Button variant="contained" size="large" href={state.autoStartUrl}>
          {t('bankId.openApp')}
        </Button>
      )}
      <BankIdProgress message={t(waitingHintKey(state))} />
    </Stack>
  );
}
