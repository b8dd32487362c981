import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { limits } from '@signlink/contracts/constants';
import { messageKeyOf } from '@signlink/contracts/errors/error-codes';
import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';
import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog.tsx';
import type { CodeChannel, LinkGateApi } from './link-gate-api.ts';
import { useCodeGate } from './use-code-gate.ts';

export interface CodeGateDialogProps {
  channel: CodeChannel;
  api: Pick<LinkGateApi, 'sendCode' | 'validateCode' | 'openAccess'>;
  /** PhoneNumberMasked or EmailAddressMasked of the link details. */
  masked: string | null;
  needsEmailToo?: boolean;
  onAccess: (access: LinkAccessResponse) => void;
  /** Shown under each step: the privacy information and the language, which the dialog hides in the header. */
  footer?: ReactNode;
}

/**
 * SPEC section 4's SMS and e-mail access dialogs (states loading, input, verify, done): persistent, full screen on a
 * phone. Each step is a form, so Enter submits; the code field takes the focus when it appears.
 */
export function CodeGateDialog(props: CodeGateDialogProps) {
  const { channel, api, masked, needsEmailToo = false, onAccess, footer } = props;
  const { t } = useTranslation();
  const gate = useCodeGate({ channel, api, masked, needsEmailToo, onAccess });
  const isBusy = gate.step === 'loading';
  const isLocked = Boolean(gate.failure?.isLocked);
  const prefix = `recipient.gate.${channel}`;
  // A masked number (`+46 *** *** 567`) stays on one line.
  const shownMasked = masked?.replace(/ /g, '\u00a0') ?? null;
  const codeId = useId();
  const failureId = useId();
  const codeInput = useRef<HTMLInputElement>(null);
  // A refused code is the code field's error (WCAG 3.3.1): the field says it is invalid, names the message, and
  // keeps the focus, so the person corrects it where they typed it.
  const isCodeRefused = gate.failure?.key === messageKeyOf('WRONG_CODE');
  const isShowingCode = gate.shownStep === 'verify' && gate.step !== 'loading';
  const failureKey = gate.failure?.key;
  useEffect(() => {
    if (failureKey && isShowingCode) codeInput.current?.focus();
  }, [failureKey, isShowingCode]);

  if (gate.step === 'done') {
    return (
      <AppDialog title={t(`${prefix}.title`)} isFullScreenOnPhone>
        <Stack role="status" spacing={2} sx={{ alignItems: 'center', py: 4, textAlign: 'center' }}>
          <CircularProgress size={36} />
          <Typography>{t('recipient.gate.done')}</Typography>
        </Stack>
      </AppDialog>
    );
  }

  const failure = gate.failure && (
    <Alert id={failureId} severity="error" role="alert">
      {t(gate.failure.key, { seconds: gate.waitSeconds })}
    </Alert>
  );

  return (
    <AppDialog title={t(`${prefix}.title`)} isFullScreenOnPhone>
      <Box sx={{ minHeight: 4, mb: 2 }}>{isBusy && <LinearProgress aria-label={t('states.loading')} />}</Box>
      {gate.shownStep === 'input' ? (
        <StepForm
          onSubmit={gate.submitContact}
          submitLabel={t('recipient.gate.sendCode')}
          disabled={isBusy || isLocked || gate.waitSeconds > 0}
        >
          <Typography>{masked ? t(`${prefix}.predefined`, { masked: shownMasked }) : t(`${prefix}.intro`)}</Typography>
          {!masked && (
            <TextField
              label={t(`${prefix}.field`)}
              value={gate.contact}
              onChange={(event) => gate.setContact(event.target.value)}
              type={channel === 'sms' ? 'tel' : 'email'}
              autoComplete={channel === 'sms' ? 'tel' : 'email'}
              autoFocus
              disabled={isBusy}
              error={Boolean(gate.contactErrorKey)}
              helperText={gate.contactErrorKey ? t(gate.contactErrorKey) : t(`${prefix}.fieldHelp`)}
              fullWidth
              slotProps={{ htmlInput: { inputMode: channel === 'sms' ? 'tel' : 'email', maxLength: 254 } }}
            />
          )}
          {needsEmailToo && (
            <TextField
              label={t('recipient.gate.email.field')}
              value={gate.email}
              onChange={(event) => gate.setEmail(event.target.value)}
              type="email"
              autoComplete="email"
              disabled={isBusy}
              error={Boolean(gate.emailErrorKey)}
              helperText={gate.emailErrorKey ? t(gate.emailErrorKey) : t('recipient.gate.sms.emailToo')}
              fullWidth
              slotProps={{ htmlInput: { maxLength: 254 } }}
            />
          )}
          {failure}
        </StepForm>
      ) : (
        <StepForm onSubmit={gate.submitCode} submitLabel={t('recipient.gate.verify')} disabled={isBusy || isLocked}>
          <Typography>
            {t(gate.isResent ? 'recipient.gate.codeResent' : `${prefix}.codeSent`, {
              destination: shownMasked ?? gate.contact.trim(),
            })}
          </Typography>
          <TextField
            id={codeId}
            inputRef={codeInput}
            label={t(`${prefix}.code`)}
            value={gate.code}
            onChange={(event) =>
              gate.setCode(
                channel === 'sms'
                  ? event.target.value.replace(/\D/g, '').slice(0, limits.smsCodeDigits)
                  : event.target.value.toUpperCase().replace(/\s/g, ''),
              )
            }
            autoComplete="one-time-code"
            autoFocus
            error={Boolean(gate.codeErrorKey) || isCodeRefused}
            helperText={gate.codeErrorKey ? t(gate.codeErrorKey) : undefined}
            fullWidth
            slotProps={{
              htmlInput: {
                // Read-only, not disabled, while the code is checked: a disabled field would drop the focus.
                readOnly: isBusy,
                'aria-describedby':
                  [gate.codeErrorKey && `${codeId}-helper-text`, gate.failure && failureId].filter(Boolean).join(' ') ||
                  undefined,
                ...(channel === 'sms'
                  ? { inputMode: 'numeric', pattern: '[0-9]*', maxLength: limits.smsCodeDigits }
                  : { autoCapitalize: 'characters', spellCheck: false, maxLength: 12 }),
              },
            }}
          />
          {failure}
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Link
              component="button"
              type="button"
              onClick={gate.resend}
              disabled={isBusy || isLocked || gate.waitSeconds > 0}
              sx={{ '&:disabled': { color: 'text.disabled', cursor: 'default' } }}
            >
              {gate.waitSeconds > 0
                ? t('recipient.gate.resendIn', { seconds: gate.waitSeconds })
                : t('recipient.gate.resend')}
            </Link>
            {!masked && (
              <Link component="button" type="button" onClick={gate.changeContact} disabled={isBusy}>
                {t(`${prefix}.change`)}
              </Link>
            )}
          </Stack>
        </StepForm>
      )}
      {footer}
    </AppDialog>
  );
}

function StepForm({
  onSubmit,
  submitLabel,
  disabled,
  children,
}: {
  onSubmit: () => void;
  submitLabel: string;
  disabled: boolean;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!disabled) onSubmit();
  };
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
      {children}
      <Button type="submit" variant="contained" size="large" disabled={disabled} fullWidth>
        {submitLabel}
      </Button>
    </Stack>
  );
}
