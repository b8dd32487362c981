import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { DocumentAttachment } from '@signlink/contracts/documents/document-attachments';
import {
  downloadDocumentAttachmentRoute,
  listDocumentAttachmentsRoute,
} from '@signlink/contracts/documents/document-attachments.routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context.tsx';
import { useApiQuery } from '../../api/use-api-query.ts';
import { formatDateTime } from '../../components/documents/format-date.ts';
import { FormError } from '../../components/forms/form-error.tsx';
import { fileNameOfDisposition, saveBlob } from '../../lib/save-blob.ts';

/**
 * Issue 8, part 8, the sender's side: the PDFs the recipients attached, with who and when, each downloadable.
 * Shown only when there are some: most documents have none, and an empty section would only push the history down.
 */
export function RecipientAttachments({ documentId }: { documentId: string }) {
  const { t, i18n } = useTranslation();
  const client = useApiClient();
  // Under the document's path, so the page's refreshes reach it too.
  const listed = useApiQuery(
    listDocumentAttachmentsRoute,
    { params: { id: documentId } },
    { silent: true },
    { retry: false },
  );
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const attachments = listed.data?.Attachments ?? [];
  // A document that is not found is the page's own error to tell; this list adds nothing to it.
  const listError = listed.error?.code === 'NOT_FOUND' ? null : listed.error;
  if (!listError && attachments.length === 0) return null;

  const download = async (attachment: DocumentAttachment) => {
    setBusy(attachment.PdfFileIndex);
    setFailure(null);
    try {
      const response = await client.api(
        downloadDocumentAttachmentRoute,
        { params: { id: documentId, pdfFileIndex: String(attachment.PdfFileIndex) } },
        { silent: true, headers: { Accept: 'application/pdf, application/json' } },
      );
      const fileName = fileNameOfDisposition(response.headers.get('content-disposition'));
      saveBlob({ blob: await response.blob(), fileName: fileName ?? `${attachment.Title}.pdf` });
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box component="section" aria-labelledby="overview-attachments">
      <Typography id="overview-attachments" variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600, mb: 1 }}>
        {t('overview.attachments.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('overview.attachments.intro')}
      </Typography>
      <FormError error={listError ?? failure} />
      <List dense disablePadding>
        {attachments.map((attachment) => {
          const date = formatDateTime(attachment.CreatedAt, i18n.language);
          return (
            <ListItem
              key={attachment.PdfFileIndex}
              aria-label={attachment.Title}
              divider
              disableGutters
              sx={{ gap: 1, flexWrap: 'wrap' }}
            >
              <ListItemText
                primary={attachment.Title}
                secondary={
                  attachment.PartyName
                    ? t('overview.attachments.by', { name: attachment.PartyName, date })
                    : t('overview.attachments.byUnknown', { date })
                }
                sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}
              />
              <Button
                size="small"
                variant="outlined"
                disabled={busy !== null}
                aria-label={t('overview.attachments.downloadFor', { title: attachment.Title })}
                onClick={() => void download(attachment)}
              >
                {t('overview.attachments.download')}
              </Button>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
