import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { OwnerText } from '../owner-text.tsx';
import { AppDialog } from './app-dialog.tsx';

export type InfoOptions = {
  title: ReactNode;
  okLabel?: ReactNode;
} & (
  | {
      /** HTML (SPEC section 2: "info dialog (title, HTML message ...)"); sanitised before rendering. */
      html: string;
    }
  | {
      /** Text someone wrote, with SPEC section 5's bracketed links and bare addresses linked; never read as HTML. */
      text: string;
    }
);

/** Information with an OK button and a close button; both simply close it. */
export function InfoDialog({ onClose, ...options }: InfoOptions & { onClose: () => void }) {
  const { title, okLabel } = options;
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
      {'text' in options ? (
        <Box sx={{ color: 'text.secondary', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          <OwnerText text={options.text} />
        </Box>
      ) : (
        <Box
          sx={{ color: 'text.secondary', '& a': { color: 'primary.main' }, '& p:first-of-type': { mt: 0 } }}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitised by DOMPurify just above.
          dangerouslySetInnerHTML={{ __html: sanitizeHtml(options.html) }}
        />
      )}
    </AppDialog>
  );
}
