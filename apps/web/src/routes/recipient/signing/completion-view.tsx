import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../lib/save-blob.ts';
import type { LinkStatus, RecipientApi } from './recipient-api.ts';

/** Issue 8 part 9: the status is asked for every 2 s while the seal is being made. */
export const statusPollMs = 2_000;

interface CompletionViewProps {
  linkId: string;
  api: RecipientApi;
  /** The state the last answer (access or signing) gave. */
  initialState: LinkStatus['State'];
  initialSealedPdfAvailable: boolean;
  /** The document's "allow downloading" (SPEC section 3): without it the sealed PDF is not offered, the trail is. */
  allowsDownloading: boolean;
  fileName: string;
  /** Sign & Pay: every payment is made too (SPEC section 4's "signed and paid"). */
  isSignedAndPaid?: boolean;
  onError: (error: unknown) => void;
  onStatus: (status: LinkStatus) => void;
}

type SealedFile = 'sealed-pdf' | 'audit-trail';

/**
 * After the last signature: progress while the server seals the document, then the signed PDF (when the sender
 * allows downloading) and its audit trail to download. The same whenever the link is opened again, in any browser.
 * A failed seal is said calmly: the sender has been told and nothing is lost.
 */
export function CompletionView(props: CompletionViewProps) {
  const { api, initialState, initialSealedPdfAvailable, allowsDownloading, fileName, onError, onStatus } = props;
  const { isSignedAndPaid = false } = props;
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState<SealedFile | null>(null);
  const data = usePolledStatus(api, isFinal(initialState), onError);
  useEffect(() => {
    if (data) onStatus(data);
  }, [data, onStatus]);

  const state = data?.State ?? initialState;
  const canDownload = data?.SealedPdfAvailable ?? initialSealedPdfAvailable;
  const download = async (which: SealedFile) => {
    setDownloading(which);
    try {
      const file = which === 'sealed-pdf' ? await api.download() : await api.downloadAuditTrail();
      const fallbackName = which === 'sealed-pdf' ? fileName : `${fileName.replace(/\.pdf$/i, '')} - audit trail.pdf`;
      saveBlob({ blob: file.blob, fileName: file.fileName ?? fallbackName });
    } catch (error) {
      onError(error);
    } finally {
      setDownloading(null);
    }
  };
  const busyIcon = (which: SealedFile) =>
    downloading === which ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined;

  const body =
    state === 'completed' && isSignedAndPaid
      ? { title: t('signPay.signedAndPaid'), text: t('signPay.signedAndPaidText') }
      : state === 'completed'
        ? {
            title: t('recipientDocument.completion.completedTitle'),
            text: t('recipientDocument.completion.completedText'),
          }
        : state === 'seal-failed'
          ? {
              title: t('recipientDocument.completion.sealFailedTitle'),
              text: t('recipientDocument.completion.sealFailedText'),
            }
          : {
              title: t('recipientDocument.completion.sealingTitle'),
              text: t('recipientDocument.completion.sealingText'),
            };
  return (
    <Paper
      variant="outlined"
      role="status"
      aria-live="polite"
      sx={{ mx: 'auto', my: 2, maxWidth: 560, p: { xs: 2.5, sm: 3 }, textAlign: 'center' }}
    >
      {state !== 'completed' && state !== 'seal-failed' && <CircularProgress size={32} sx={{ mb: 1.5 }} />}
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {state === 'completed' ? `✓ ${body.title}` : body.title}
      </Typography>
      <Typography color="text.secondary">{body.text}</Typography>
      {state === 'completed' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ mt: 2, gap: 1.5, justifyContent: 'center' }}>
          {canDownload && (
            <Button
              variant="contained"
              size="large"
              onClick={() => void download('sealed-pdf')}
              disabled={downloading !== null}
              startIcon={busyIcon('sealed-pdf')}
            >
              {t('recipientDocument.completion.download')}
            </Button>
          )}
          <Button
            variant={canDownload ? 'outlined' : 'contained'}
            size="large"
            onClick={() => void download('audit-trail')}
            disabled={downloading !== null}
            startIcon={busyIcon('audit-trail')}
          >
            {t('recipientDocument.completionDownloads.auditTrail')}
          </Button>
        </Stack>
      )}
      {state === 'completed' && !allowsDownloading && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('recipientDocument.completionDownloads.notAllowed')}
        </Typography>
      )}
    </Paper>
  );
}

const isFinal = (state: LinkStatus['State']) => state === 'completed' || state === 'seal-failed';

/**
 * The link's status now and every statusPollMs while the page is visible, until it is final (or `isDone`); each
 * failure is reported and the polling goes on. Plain timers, not TanStack Query: the recipient's page does without
 * it (recipient-app.tsx).
 */
function usePolledStatus(
  api: Pick<RecipientApi, 'status'>,
  isDone: boolean,
  onError: (error: unknown) => void,
): LinkStatus | undefined {
  const [status, setStatus] = useState<LinkStatus>();
  const reportError = useRef(onError);
  reportError.current = onError;
  useEffect(() => {
    if (isDone) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isStopped = false;
    const poll = async () => {
      if (!document.hidden) {
        try {
          const answer = await api.status();
          if (isStopped) return;
          setStatus(answer);
          if (isFinal(answer.State)) return;
        } catch (error) {
          if (isStopped) return;
          reportError.current(error);
        }
      }
      if (!isStopped) timer = setTimeout(() => void poll(), statusPollMs);
    };
    void poll();
    return () => {
      isStopped = true;
      clearTimeout(timer);
    };
  }, [api, isDone]);
  return status;
}
