import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { AppDialog } from './app-dialog.tsx';

export interface InfoOptions {
  title: ReactNode;
  /** HTML (SPEC section 2: "info dialog (title, HTML message ...)"); sanitised before rendering. */
  html: string;
  okLabel?: ReactNode;
}

/** Information with an OK button and a close button; both simply close it. */
export function InfoDialog({ title, html, okLabel, onClose }: InfoOptions & { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AppDialog
      title={title}
      onClose={onClose}
      actions={
        <Button variant="contained" onClick={onClose} autoFocus>
          {okLabel ?? t('common.ok')}
        </Button>
      }
    >
      <Box
        sx={{ color: 'text.secondary', '& a': { color: 'primary.main' }, '& p:first-of-type': { mt: 0 } }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitised by DOMPurify just above.
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }}
      />
    </AppDialog>
  );
}
