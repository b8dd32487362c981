import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiBaseUrl } from '../../api/api-client.ts';
import { messageHtmlUrl } from './use-dev-messages.ts';

const previewHeight = 480;

/**
 * No scripts (the server also sends the HTML with its own strict CSP), no forms, no same-origin access to the page,
 * no navigating it; popups are allowed so the e-mail's links open in a new tab.
 */
const previewSandbox = 'allow-popups allow-popups-to-escape-sandbox';

/** An e-mail's HTML part, on demand, in a sandboxed frame, and as a link to open it in a new tab. */
export function MessageHtmlPreview({ messageId, subject }: { messageId: string; subject: string }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const url = messageHtmlUrl(apiBaseUrl(window.location.origin), messageId);
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" aria-expanded={isOpen} onClick={() => setIsOpen((open) => !open)}>
          {t(isOpen ? 'devMailbox.message.hideHtml' : 'devMailbox.message.viewHtml')}
        </Button>
        <Button size="small" href={url} target="_blank" rel="noopener noreferrer">
          {t('devMailbox.message.openHtml')}
        </Button>
      </Box>
      {isOpen && (
        <Box
          component="iframe"
          title={t('devMailbox.message.htmlTitle', { subject })}
          src={url}
          sandbox={previewSandbox}
          referrerPolicy="no-referrer"
          sx={{
            display: 'block',
            mt: 1.5,
            width: '100%',
            height: previewHeight,
            border: '1px solid',
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: '#fff',
          }}
        />
      )}
    </Box>
  );
}
