import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';
import { FormError } from '../../../components/forms/form-error.tsx';
import type { OwnContact } from './submit-form-dialog.tsx';

type Channel = 'email' | 'sms';
/** The proof `…/forms/share` takes: the key of a code checked for that destination, or the link's own contact. */
export type ShareProof = { key: string } | { skipVerification: true };

export interface ShareFormDialogProps {
  ownContact: OwnContact | null;
  sendCode: (channel: Channel, to: string) => Promise<{ ClientAccessKey: string }>;
  validateCode: (code: string, clientAccessKey: string) => Promise<{ ClientAccessKey: string }>;
  onShare: (channel: Channel, to: string, proof: ShareProof) => Promise<void>;
  onClose: () => void;
}

const isSameContact = (own: OwnContact | null, channel: Channel, to: string) =>
  own?.channel === channel && own.value.replace(/[\s-]/g, '').toLowerCase() === to.replace(/[\s-]/g, '').toLowerCase();

/**
 * Share the filled form with one e-mail address or mobile number (SPEC section 7, `…/forms/share`). The destination
 * is proved first: a code is sent there and typed here, unless it is the contact the link's gate already proved
 * (skipVerification). The server decides in the end: if it asks for a code after all, the dialog sends one.
 */
export function ShareFormDialog({ ownContact, sendCode, validateCode, onShare, onClose }: ShareFormDialogProps) {
  const { t } = useTranslation();
  const [channel, setChannel] = useState<Channel>(ownContact?.channel ?? 'email');
  const [to, setTo] = useState('');
  const [codeKey, setCodeKey] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const prefix = 'recipientDocument.form.share';

  const askForCode = async () => setCodeKey((await sendCode(channel, to.trim())).ClientAccessKey);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (to.trim() === '' || (codeKey && code.trim() === '')) return;
    setIsBusy(true);
    setError(null);
    try {
      if (codeKey) {
        const checked = await validateCode(code.trim(), codeKey);
        await onShare(channel, to.trim(), { key: checked.ClientAccessKey });
      } else if (isSameContact(ownContact, channel, to)) {
        try {
          await onShare(channel, to.trim(), { skipVerification: true });
        } catch (failure) {
          if (!(failure instanceof ApiError && failure.code === 'FORBIDDEN')) throw failure;
          await askForCode();
        }
      } else {
        await askForCode();
      }
    } catch (failure) {
      setError(failure);
    } finally {
      setIsBusy(false);
    }
  };

  const isVerifying = codeKey !== null;
  return (
    <FormDialog
      title={t(`${prefix}.title`)}
      intro={isVerifying ? t(`${prefix}.codeSent`, { destination: to.trim() }) : t(`${prefix}.intro`)}
      submitLabel={t(isVerifying ? `${prefix}.verifyAndShare` : `${prefix}.next`)}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      isProcessing={isBusy}
      isSubmitDisabled={to.trim() === ''}
      isFullScreenOnPhone
    >
      {!isVerifying && (
        <RadioGroup
          row
          aria-label={t(`${prefix}.channel`)}
          value={channel}
          onChange={(event) => setChannel(event.target.value as Channel)}
        >
          <FormControlLabel value="email" control={<Radio />} label={t(`${prefix}.byEmail`)} />
          <FormControlLabel value="sms" control={<Radio />} label={t(`${prefix}.bySms`)} />
        </RadioGroup>
      )}
      <TextField
        label={t(channel === 'email' ? `${prefix}.email` : `${prefix}.phone`)}
        value={to}
        onChange={(event) => setTo(event.target.value)}
        autoComplete={channel === 'email' ? 'email' : 'tel'}
        type={channel === 'email' ? 'email' : 'tel'}
        disabled={isVerifying}
        fullWidth
      />
      {isVerifying && (
        <TextField
          label={t(channel === 'email' ? `${prefix}.emailCode` : `${prefix}.smsCode`)}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          autoFocus
          slotProps={{ htmlInput: { inputMode: channel === 'sms' ? 'numeric' : 'text', maxLength: 32 } }}
          fullWidth
        />
      )}
      <FormError error={error} />
    </FormDialog>
  );
}
