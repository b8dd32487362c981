import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LinkAttachment } from '@signlink/contracts/links/link-attachments';
import { useTranslation } from 'react-i18next';

/** "240 kB", "1.2 MB" in the page's language. */
export function formatByteSize(bytes: number, language: string): string {
  const megabytes = bytes / (1024 * 1024);
  const [value, unit] = megabytes >= 1 ? [megabytes, 'megabyte'] : [Math.max(bytes / 1024, 1), 'kilobyte'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: megabytes >= 1 ? 1 : 0 }).format(
    value,
  );
}

export function AttachmentsList({
  attachments,
  canChange,
  busy,
  onDownload,
  onRemove,
}: {
  attachments: LinkAttachment[];
  canChange: boolean;
  /** The change under way, e.g. `remove-2`; every button waits for it. */
  busy: string | null;
  onDownload: (attachment: LinkAttachment) => void;
  onRemove: (attachment: LinkAttachment) => void;
}) {
  const { t, i18n } = useTranslation();
  if (attachments.length === 0) {
    return <Typography>{t('recipientDocument.attachments.empty')}</Typography>;
  }
  return (
    <List dense disablePadding aria-label={t('recipientDocument.attachments.title')}>
      {attachments.map((attachment) => {
        const { PdfFileIndex: index, Title: title } = attachment;
        return (
          <ListItem
            key={index}
            aria-label={title}
            divider
            disableGutters
            sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
          >
            <ListItemText
              primary={title}
              secondary={[
                t(
                  attachment.UploadedByMe
                    ? 'recipientDocument.attachments.byMe'
                    : 'recipientDocument.attachments.byOther',
                ),
                t('recipientDocument.attachments.pages', { count: attachment.PageCount }),
                formatByteSize(attachment.ByteSize, i18n.language),
              ].join(' · ')}
              sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}
            />
            <Stack direction="row" spacing={1}>
              <Button
                size="small"
                variant="outlined"
                disabled={busy !== null}
                aria-label={t('recipientDocument.attachments.downloadFor', { title })}
                onClick={() => onDownload(attachment)}
              >
                {t('recipientDocument.attachments.download')}
              </Button>
              {attachment.UploadedByMe && canChange && (
                <Button
                  size="small"
                  color="error"
                  disabled={busy !== null}
                  aria-label={t('recipientDocument.attachments.removeFor', { title })}
                  onClick={() => onRemove(attachment)}
                >
                  {busy === `remove-${index}`
                    ? t('recipientDocument.attachments.removing')
                    : t('recipientDocument.attachments.remove')}
                </Button>
              )}
            </Stack>
          </ListItem>
        );
      })}
    </List>
  );
}
