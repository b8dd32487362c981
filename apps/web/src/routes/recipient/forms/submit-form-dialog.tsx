import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { limits } from '@signlink/contracts/constants';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';
import { FormError } from '../../../components/forms/form-error.tsx';
import type { FormRecipients } from './link-form-api.ts';

/** A contact the link's gate (or an earlier code) proved: where "send a copy to me" goes. */
export interface OwnContact {
  channel: 'email' | 'sms';
  value: string;
}

export interface SubmitFormDialogProps {
  /** 'submit' sends the form; 'receipt' tells the given recipients that a pending form was received. */
  mode: 'submit' | 'receipt';
  isPending: boolean;
  ownContact: OwnContact | null;
  onSend: (recipients: FormRecipients, copyToSelf: boolean) => Promise<void>;
  onClose: () => void;
}

/** Several addresses in one field: commas, semicolons and line breaks part them (and spaces, for e-mail). */
export function splitList(text: string, channel: 'email' | 'sms'): string[] {
  return text
    .split(channel === 'email' ? /[,;\s]+/ : /[,;\n]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Which of the two fields the server's INVALID_EMAIL / INVALID_PHONE names (`recipientaddresses.1`). */
function fieldOfError(error: unknown): 'email' | 'sms' | null {
  if (!(error instanceof ApiError) || !error.details || typeof error.details !== 'object') return null;
  const field = (error.details as { field?: unknown }).field;
  if (typeof field !== 'string') return null;
  if (field.startsWith('recipientaddresses')) return 'email';
  if (field.startsWith('recipientphonenumbers')) return 'sms';
  return null;
}

/**
 * SPEC section 7's submit (and pending receipt) dialog: e-mail addresses and mobile numbers to send the filled form
 * to, a subject, and a copy to the person's own verified contact. The server checks each address and says which one
 * is wrong; the dialog marks that field.
 */
export function SubmitFormDialog({ mode, isPending, ownContact, onSend, onClose }: SubmitFormDialogProps) {
  const { t } = useTranslation();
  const isReceipt = mode === 'receipt';
  const [emails, setEmails] = useState(isReceipt && ownContact?.channel === 'email' ? ownContact.value : '');
  const [phones, setPhones] = useState(isReceipt && ownContact?.channel === 'sms' ? ownContact.value : '');
  const [subject, setSubject] = useState('');
  const [copyToSelf, setCopyToSelf] = useState(Boolean(ownContact));
  const [isSending, setIsSending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [rule, setRule] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const recipients: FormRecipients = {
      recipientaddresses: splitList(emails, 'email'),
      recipientphonenumbers: splitList(phones, 'sms'),
      ...(subject.trim() ? { subject: subject.trim() } : {}),
    };
    const count = (recipients.recipientaddresses?.length ?? 0) + (recipients.recipientphonenumbers?.length ?? 0);
    setError(null);
    if (isReceipt && count === 0) return setRule(t('recipientDocument.form.dialog.needRecipient'));
    if (count > limits.formRecipientsMax) {
      return setRule(t('recipientDocument.form.dialog.tooMany', { max: limits.formRecipientsMax }));
    }
    setRule(null);
    setIsSending(true);
    try {
      await onSend(recipients, !isReceipt && copyToSelf);
    } catch (failure) {
      setError(failure);
      setIsSending(false);
    }
  };

  const wrongField = fieldOfError(error);
  const prefix = 'recipientDocument.form.dialog';
  const intro = isReceipt
    ? t(`${prefix}.receiptIntro`)
    : `${t(`${prefix}.intro`)}${isPending ? ` ${t(`${prefix}.pendingIntro`)}` : ''}`;
  return (
    <FormDialog
      title={t(isReceipt ? `${prefix}.receiptTitle` : `${prefix}.title`)}
      intro={intro}
      submitLabel={t(isReceipt ? `${prefix}.sendReceipt` : `${prefix}.submit`)}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      isProcessing={isSending}
      isFullScreenOnPhone
    >
      <TextField
        label={t(`${prefix}.emails`)}
        helperText={t(`${prefix}.listHelp`)}
        value={emails}
        onChange={(event) => setEmails(event.target.value)}
        error={wrongField === 'email'}
        autoComplete="email"
        slotProps={{ htmlInput: { inputMode: 'email' } }}
        fullWidth
      />
      <TextField
        label={t(`${prefix}.phones`)}
        helperText={t(`${prefix}.listHelp`)}
        value={phones}
        onChange={(event) => setPhones(event.target.value)}
        error={wrongField === 'sms'}
        type="tel"
        autoComplete="tel"
        fullWidth
      />
      <TextField
        label={t(`${prefix}.subject`)}
        value={subject}
        onChange={(event) => setSubject(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        fullWidth
      />
      {!isReceipt && ownContact && (
        <FormControlLabel
          control={<Checkbox checked={copyToSelf} onChange={(event) => setCopyToSelf(event.target.checked)} />}
          label={t(`${prefix}.copyToSelf`, { contact: ownContact.value })}
          // A long address wraps instead of running off a phone's screen.
          sx={{ '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' } }}
        />
      )}
      {rule && <FormError>{rule}</FormError>}
      <FormError error={error} />
    </FormDialog>
  );
}
