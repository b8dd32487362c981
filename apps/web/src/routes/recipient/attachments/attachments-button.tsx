import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The panel, its calls and the drop zone load when the person opens it: nothing of it weighs on the first page.
const AttachmentsDialog = lazy(() =>
  import('./attachments-dialog.tsx').then((module) => ({ default: module.AttachmentsDialog })),
);

export interface AttachmentsButtonProps {
  linkId: string;
  requestToken: string;
  /** Open and not yet signed by this person: they may add and remove their own. */
  canChange: boolean;
  /** A failure the page handles itself (SESSION_EXPIRED takes the person back through the gate). */
  onAccessExpired: () => void;
}

/** Issue 8, part 8: the recipient's "Attachments" button beside the document's title, opening the panel. */
export function AttachmentsButton(props: AttachmentsButtonProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        onClick={() => setIsOpen(true)}
        aria-haspopup="dialog"
        startIcon={<PaperclipIcon />}
        sx={{ flex: '0 0 auto', bgcolor: 'background.paper' }}
      >
        {t('recipientDocument.attachments.button')}
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <AttachmentsDialog {...props} onClose={() => setIsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

function PaperclipIcon() {
  return (
    <svg
      aria-hidden="true"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M21 11.5 12.5 20a5.5 5.5 0 0 1-7.8-7.8l8.5-8.5a3.7 3.7 0 0 1 5.2 5.2l-8.5 8.5a1.8 1.8 0 0 1-2.6-2.6L15 7" />
    </svg>
  );
}
