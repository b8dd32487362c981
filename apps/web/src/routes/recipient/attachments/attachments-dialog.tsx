import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { limits } from '@signlink/contracts/constants';
import type { LinkAttachment } from '@signlink/contracts/links/link-attachments';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../api/api-context.tsx';
import { ApiError } from '../../../api/api-error.ts';
import { AppDialog } from '../../../components/dialogs/app-dialog.tsx';
import { FormError } from '../../../components/forms/form-error.tsx';
import { PdfDropZone } from '../../../components/forms/pdf-drop-zone.tsx';
import { saveBlob } from '../../../lib/save-blob.ts';
import { createAttachmentsApi } from './attachments-api.ts';
import type { AttachmentsButtonProps } from './attachments-button.tsx';
import { AttachmentsList } from './attachments-list.tsx';

const maxBytes = limits.maxUploadMegabytes * 1024 * 1024;

/** The reasons the server gives for refusing an attachment change, each with a text of its own. */
const reasonKeys: Record<string, string> = {
  'too-many-attachments': 'recipientDocument.attachments.errors.tooMany',
  'already-signed': 'recipientDocument.attachments.errors.alreadySigned',
  'attachment-of-another': 'recipientDocument.attachments.errors.notYours',
  'no-such-attachment': 'recipientDocument.attachments.errors.gone',
};

/**
 * Issue 8, part 8: the document's attachments, the person's own marked; they add a PDF (checked by the server as
 * the sender's upload is) and remove their own while the document is open and they have not signed; anyone may
 * download. Failures are said here, in the person's language, not in a second dialog.
 */
export function AttachmentsDialog({
  linkId,
  requestToken,
  canChange,
  onAccessExpired,
  onClose,
}: AttachmentsButtonProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const api = useMemo(() => createAttachmentsApi(client, linkId, requestToken), [client, linkId, requestToken]);
  const [attachments, setAttachments] = useState<LinkAttachment[] | null>(null);
  const [failure, setFailure] = useState<{ error?: unknown; text?: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState('');

  const fail = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'SESSION_EXPIRED') return onAccessExpired();
    const reason = error instanceof ApiError ? (error.details as { reason?: unknown } | null)?.reason : undefined;
    const key = typeof reason === 'string' ? reasonKeys[reason] : undefined;
    setFailure(key ? { text: t(key, { limit: limits.maxAttachmentsPerDocument }) } : { error });
  };
  /** One change at a time; the answer is the list after it. */
  const run = async (what: string, change: () => Promise<{ Attachments: LinkAttachment[] } | undefined>, done = '') => {
    setBusy(what);
    setFailure(null);
    setNotice('');
    try {
      const result = await change();
      if (result) setAttachments(result.Attachments);
      setNotice(done);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once when the panel opens
  useEffect(() => {
    api.load().then((result) => setAttachments(result.Attachments), fail);
  }, [api]);

  const add = (file: File) => {
    if (file.size > maxBytes) {
      setFailure({ text: t('errors:fileTooLarge') });
      return;
    }
    void run(
      'add',
      () => api.add(file, file.name),
      t('recipientDocument.attachments.added', { title: file.name.replace(/\.pdf$/i, '') }),
    );
  };
  const isFull = (attachments?.length ?? 0) >= limits.maxAttachmentsPerDocument;

  return (
    <AppDialog
      title={t('recipientDocument.attachments.title')}
      onClose={onClose}
      isFullScreenOnPhone
      actions={
        <Button color="inherit" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      <Stack spacing={2}>
        <Typography color="text.secondary">{t('recipientDocument.attachments.intro')}</Typography>
        {failure && <FormError error={failure.error}>{failure.text}</FormError>}
        <Box role="status" aria-live="polite" sx={{ '&:empty': { display: 'none' } }}>
          {notice && <Alert severity="success">{notice}</Alert>}
        </Box>
        {attachments === null ? (
          failure ? null : (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
              <CircularProgress aria-label={t('recipientDocument.attachments.loading')} />
            </Box>
          )
        ) : (
          <AttachmentsList
            attachments={attachments}
            canChange={canChange}
            busy={busy}
            onDownload={(attachment) =>
              void run(`download-${attachment.PdfFileIndex}`, async () => {
                saveBlob(await api.download(attachment));
                return undefined;
              })
            }
            onRemove={(attachment) =>
              void run(
                `remove-${attachment.PdfFileIndex}`,
                () => api.remove(attachment.PdfFileIndex),
                t('recipientDocument.attachments.removed', { title: attachment.Title }),
              )
            }
          />
        )}
        {canChange && attachments !== null && !isFull && (
          <PdfDropZone
            busy={busy === 'add'}
            onFile={add}
            testId="attachment-drop-zone"
            texts={{
              heading: t('recipientDocument.attachments.drop.heading'),
              hint: t('recipientDocument.attachments.drop.hint', { megabytes: limits.maxUploadMegabytes }),
              choose: t('recipientDocument.attachments.drop.choose'),
              busy: t('recipientDocument.attachments.drop.busy'),
            }}
          />
        )}
        {!canChange && attachments !== null && (
          <Typography color="text.secondary">{t('recipientDocument.attachments.closed')}</Typography>
        )}
      </Stack>
    </AppDialog>
  );
}
