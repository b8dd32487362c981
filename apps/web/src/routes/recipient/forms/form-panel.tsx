import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';
import type { FormSubmission } from '@signlink/contracts/links/link-forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import type { FormValues } from '../viewer/next-field.ts';
import type { FormRecipients } from './link-form-api.ts';
import { ShareFormDialog, type ShareProof } from './share-form-dialog.tsx';
import { type OwnContact, SubmitFormDialog } from './submit-form-dialog.tsx';
import { formValuesOf, type LinkFormState } from './use-link-form.ts';

export interface FormPanelProps {
  state: LinkFormState;
  access: LinkAccessResponse;
  values: FormValues;
  /** False when a required field is empty: the page has said so and taken the person to the first one. */
  checkRequired: () => boolean;
  fileName: string;
  /** Any failure outside a dialog (the download): the page says it, or sends the person back through the gate. */
  onError: (error: unknown) => void;
  onAccessExpired: () => void;
  /**
   * The person has signed every slot of theirs, their values with it: Submit now sends a copy of the filled form to
   * whom they choose (the page offers no Submit before signing, where it would freeze the form unsigned).
   */
  hasSigned?: boolean;
}

type OpenDialog = 'submit' | 'receipt' | 'share' | null;

/** The contact the link's gate proved (UserData), where "a copy to me" goes and which may be shared to without a code. */
export function ownContactOf(access: LinkAccessResponse): OwnContact | null {
  const entry = access.UserData.find((data) => data.Type === 'emailAddress' || data.Type === 'phoneNumber');
  if (!entry) return null;
  return { channel: entry.Type === 'emailAddress' ? 'email' : 'sms', value: entry.Value };
}

/** What the panel says about a frozen form: submitted or shared, and where the owner's decision stands. */
function statusOf(form: FormSubmission): { title: string; text: string; isWaiting: boolean } {
  const key = 'recipientDocument.form.status';
  const isWaiting = form.approvalValue === null && (form.isPending || form.isSharing);
  const title = form.submittedAt ? `${key}.submittedTitle` : `${key}.sharedTitle`;
  const text =
    form.approvalValue === 'approve'
      ? `${key}.approved`
      : form.approvalValue === 'deny'
        ? `${key}.denied`
        : isWaiting
          ? `${key}.waitingForApproval`
          : `${key}.final`;
  return { title, text, isWaiting };
}

/** What the open form's panel says: what Submit or Share does, before signing (no slot to sign) or after it. */
function hintKeyOf(input: { canSubmit: boolean; isPending: boolean; hasSigned?: boolean }): string {
  if (input.hasSigned) {
    return input.canSubmit
      ? 'recipientDocument.form.afterSigning.hint'
      : 'recipientDocument.form.afterSigning.shareHint';
  }
  if (!input.canSubmit) return 'recipientDocument.form.shareHint';
  return input.isPending ? 'recipientDocument.form.pendingHint' : 'recipientDocument.form.hint';
}

/**
 * The recipient's form (issue 8, part 7): Submit unless the sender disabled it, and Share when the sender enabled it,
 * while it is open; once submitted or shared, its state, the submitted PDF to download, and for a pending form a
 * receipt to send. Loaded lazily: the first page of the document does not wait for it.
 */
export function FormPanel(props: FormPanelProps) {
  const { state, access, values, checkRequired, fileName, onError, onAccessExpired } = props;
  const { t } = useTranslation();
  const { api, form, setForm } = state;
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [sentTo, setSentTo] = useState<string[] | null>(null);
  const [isDownloading, setIsDownloading] = useState(false);
  const ownContact = ownContactOf(access);
  // A submission waits for the sender's approval when the sender asked for that; until then it is final.
  const isPending = form?.isPending ?? access.Settings.requireFormApproval;

  /** An expired token goes back through the gate; other failures stay in the dialog, which shows them. */
  const guarded = async <T,>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'SESSION_EXPIRED') onAccessExpired();
      throw error;
    }
  };
  // The values as they stand now, saved just before a submit or share: one submission per link, updated until then.
  const saveNow = () =>
    api.save({
      instantJson: formValuesOf(state.fields, values),
      isPending,
      isSharing: form?.isSharing ?? false,
      // A pending form's submitter hears the owner's decision at the contact the gate proved.
      ...(isPending && ownContact?.channel === 'email' ? { subscribeEmailAddress: ownContact.value } : {}),
      ...(isPending && ownContact?.channel === 'sms' ? { subscribePhonenumber: ownContact.value } : {}),
    });
  const afterSend = (result: { form: FormSubmission; sent: { to: string }[] }) => {
    setForm(result.form);
    setSentTo(result.sent.map((recipient) => recipient.to));
    setDialog(null);
  };

  const submit = (recipients: FormRecipients, copyToSelf: boolean) =>
    guarded(async () => {
      const saved = await saveNow();
      afterSend(await api.submit(saved.formId, { ...recipients, copyToSelf }));
    });
  const sendReceipt = (recipients: FormRecipients) =>
    guarded(async () => {
      if (form) afterSend(await api.pendingReceipt(form.formId, recipients));
    });
  const share = (channel: 'email' | 'sms', to: string, proof: ShareProof) =>
    guarded(async () => {
      const saved = await saveNow();
      const destination =
        channel === 'email'
          ? { emailAddress: to, ...('key' in proof ? { emailVerification: proof.key } : {}) }
          : { smsPhoneNumber: to, ...('key' in proof ? { smsVerification: proof.key } : {}) };
      afterSend(await api.share(saved.formId, { ...destination, skipVerification: 'skipVerification' in proof }));
    });
  const download = async () => {
    if (!form) return;
    setIsDownloading(true);
    try {
      const file = await api.downloadSubmittedPdf(form.formId);
      saveBlob({ blob: file.blob, fileName: file.fileName ?? fileName });
    } catch (error) {
      onError(error);
    } finally {
      setIsDownloading(false);
    }
  };
  const open = (next: 'submit' | 'share') => {
    if (checkRequired()) setDialog(next);
  };

  const status = form?.isFrozen ? statusOf(form) : null;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('recipientDocument.form.label')}
      sx={{ mx: 2, mb: 1.5, p: { xs: 1.5, sm: 2 }, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}
    >
      <Box role="status" aria-live="polite" sx={{ flex: '1 1 220px', minWidth: 0 }}>
        {status ? (
          <>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {`✓ ${t(status.title)}`}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(status.text)}
            </Typography>
            {sentTo && sentTo.length > 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('recipientDocument.form.status.sentTo', { recipients: sentTo.join(', ') })}
              </Typography>
            )}
          </>
        ) : (
          <Typography variant="body2">{t(hintKeyOf({ ...state, isPending, hasSigned: props.hasSigned }))}</Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, flex: '0 0 auto' }}>
        {status ? (
          <>
            {status.isWaiting && form?.isPending && form.submittedAt && (
              <Button variant="outlined" onClick={() => setDialog('receipt')}>
                {t('recipientDocument.form.sendReceipt')}
              </Button>
            )}
            <Button
              variant="contained"
              onClick={() => void download()}
              disabled={isDownloading}
              startIcon={isDownloading ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {t('recipientDocument.form.download')}
            </Button>
          </>
        ) : (
          <>
            {state.canShare && (
              <Button variant={state.canSubmit ? 'outlined' : 'contained'} onClick={() => open('share')}>
                {t('recipientDocument.form.share.button')}
              </Button>
            )}
            {state.canSubmit && (
              <Button variant="contained" onClick={() => open('submit')}>
                {t(props.hasSigned ? 'recipientDocument.form.afterSigning.submit' : 'recipientDocument.form.submit')}
              </Button>
            )}
          </>
        )}
      </Box>
      {(dialog === 'submit' || dialog === 'receipt') && (
        <SubmitFormDialog
          mode={dialog}
          isPending={isPending}
          ownContact={ownContact}
          onSend={dialog === 'submit' ? submit : sendReceipt}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'share' && (
        <ShareFormDialog
          ownContact={ownContact}
          sendCode={(channel, to) => guarded(() => api.sendContactCode(channel, to))}
          validateCode={(code, key) => guarded(() => api.validateCode(code, key))}
          onShare={share}
          onClose={() => setDialog(null)}
        />
      )}
    </Paper>
  );
}
