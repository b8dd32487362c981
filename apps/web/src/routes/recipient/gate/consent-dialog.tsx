import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog.tsx';
import { OwnerText } from '../../../components/owner-text.tsx';

/** OwnerData.ConsentMessage is base64 of UTF-8 text; a value that is not base64 is shown as it came. */
export function decodeConsentMessage(encoded: string): string {
  try {
    const bytes = Uint8Array.from(atob(encoded.trim()), (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return encoded;
  }
}

export interface ConsentDialogProps {
  open: boolean;
  message: string;
  companyName: string;
  onAccept: () => void;
  onDecline: () => void;
  /** Language and privacy information: the dialog hides the page header that holds them. */
  footer?: ReactNode;
}

/**
 * SPEC section 4: the owner's consent message comes before anything else and must be accepted; it cannot be dismissed
 * (no Escape, no click outside), only accepted or declined. Its text is the owner's: shown as text, links made links.
 */
export function ConsentDialog({ open, message, companyName, onAccept, onDecline, footer }: ConsentDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog
      open={open}
      isFullScreenOnPhone
      title={companyName ? t('recipient.consent.title', { company: companyName }) : t('recipient.consent.titleUnnamed')}
      actions={
        <>
          <Button color="inherit" onClick={onDecline}>
            {t('recipient.consent.decline')}
          </Button>
          <Button variant="contained" onClick={onAccept} autoFocus>
            {t('recipient.consent.accept')}
          </Button>
        </>
      }
    >
      <Typography component="div" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        <OwnerText text={decodeConsentMessage(message)} />
      </Typography>
      {footer}
    </AppDialog>
  );
}
