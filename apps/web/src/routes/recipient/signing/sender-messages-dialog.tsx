import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasConsentTo, optionalStoragePrefixes } from '../../../components/cookie-consent/cookie-consent-store.ts';
import { AppDialog } from '../../../components/dialogs/app-dialog.tsx';
import { OwnerText } from '../../../components/owner-text.tsx';

/**
 * Once per link in this browser: localStorage, so a reload or the next visit does not ask again, while another
 * party's link (or a corrected contact's new one) shows its own messages. A convenience, so functional storage:
 * without that consent the messages come again on the next visit (cookie-consent-store.ts).
 */
const seenKeyOf = (linkId: string) => `${optionalStoragePrefixes.functional[0]}${linkId}`;

function hasSeen(linkId: string): boolean {
  try {
    return hasConsentTo('functional') && globalThis.localStorage?.getItem(seenKeyOf(linkId)) === '1';
  } catch {
    // Storage refused (private mode): show the messages, as for a first visit.
    return false;
  }
}

function markSeen(linkId: string) {
  try {
    if (hasConsentTo('functional')) globalThis.localStorage?.setItem(seenKeyOf(linkId), '1');
  } catch {
    // Without storage the messages come again next time; nothing else is lost.
  }
}

/**
 * The sender's words before the document (the editor promises that the recipient sees them when it opens): the
 * document's message to every party and this party's personal one, each once. Escape, the close button and the
 * button that leads on to the document all dismiss it.
 */
export function SenderMessagesDialog({
  linkId,
  messages,
}: {
  linkId: string;
  messages: LinkAccessResponse['Messages'];
}) {
  const { t } = useTranslation();
  const hasMessages = Boolean(messages.Document || messages.Personal);
  const [isOpen, setOpen] = useState(() => hasMessages && !hasSeen(linkId));
  if (!hasMessages) return null;
  const dismiss = () => {
    markSeen(linkId);
    setOpen(false);
  };
  const sections = [
    { heading: t('recipientDocument.senderMessages.documentMessage'), text: messages.Document },
    { heading: t('recipientDocument.senderMessages.personalMessage'), text: messages.Personal },
  ].flatMap((section) => (section.text ? [{ ...section, text: section.text }] : []));
  return (
    <AppDialog
      open={isOpen}
      title={t('recipientDocument.senderMessages.title')}
      onClose={dismiss}
      actions={
        <Button variant="contained" onClick={dismiss} autoFocus>
          {t('recipientDocument.senderMessages.continue')}
        </Button>
      }
    >
      {sections.map((section) => (
        <section key={section.heading}>
          <Typography component="h3" variant="subtitle2" sx={{ mt: 1 }}>
            {section.heading}
          </Typography>
          <Typography component="div" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mb: 1 }}>
            <OwnerText text={section.text} />
          </Typography>
        </section>
      ))}
    </AppDialog>
  );
}
