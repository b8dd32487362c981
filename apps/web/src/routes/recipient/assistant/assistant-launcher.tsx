import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';
import { matchLocale } from '@signlink/contracts/locales';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../api/api-context.tsx';
import { scrollToPage } from '../viewer/page-dom-id.ts';
import { ChatIcon } from './assistant-icons.tsx';
import { createLinkAssistantApi } from './link-assistant-api.ts';
import type { PageTarget } from './source-target.ts';
import { useLinkAssistant } from './use-link-assistant.ts';

// Only a visitor who asks loads the chat (and its speech code).
const AssistantChat = lazy(() => import('./assistant-chat.tsx'));

export interface AssistantLauncherProps {
  linkId: string;
  access: LinkAccessResponse;
  hasFinished: boolean;
  onAccessExpired: () => void;
}

/**
 * The "Ask Phil" button, when the link's document has the assistant on. It floats just above the bottom bar it is
 * placed in (recipient-document.tsx), at the right, so it never covers the guide's button; on a phone only its icon
 * shows, to cover as little of the page as it can.
 */
export function AssistantLauncher({ linkId, access, hasFinished, onAccessExpired }: AssistantLauncherProps) {
  const { t, i18n } = useTranslation();
  const client = useApiClient();
  const api = useMemo(
    () => createLinkAssistantApi(client, linkId, access.RequestToken),
    [client, linkId, access.RequestToken],
  );
  const language = matchLocale(i18n.language);
  const assistant = useLinkAssistant(api, language);
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [isOpen, setIsOpen] = useState(false);
  // Kept once opened: the conversation stays, and closing plays the dialog's exit.
  const [hasOpened, setHasOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  if (!assistant) return null;

  /**
   * Closes the chat and puts the focus back on the button, after the dialog has restored its own (which is the body
   * when the click did not focus the button, as in Safari); or on the source's page, which the viewer scrolls to.
   */
  const close = (target?: PageTarget) => {
    setIsOpen(false);
    setTimeout(() => {
      if (!target || !scrollToPage(target.fileIndex, target.page)) buttonRef.current?.focus();
    }, 0);
  };
  const label = t('recipientAssistant.open');
  return (
    <>
      <Fab
        variant={isPhone ? 'circular' : 'extended'}
        color="primary"
        size={isPhone ? 'medium' : 'large'}
        aria-label={label}
        aria-haspopup="dialog"
        data-testid="assistant-open"
        ref={buttonRef}
        onClick={() => {
          setHasOpened(true);
          setIsOpen(true);
        }}
        // Clear of a phone's home indicator too when there is no guide bar under it (all signed, or a reader).
        sx={{
          position: 'absolute',
          right: 16,
          bottom: 'calc(100% + 12px + env(safe-area-inset-bottom, 0px))',
          zIndex: 1,
        }}
      >
        <ChatIcon sx={{ mr: isPhone ? 0 : 1 }} />
        {!isPhone && <Box component="span">{label}</Box>}
      </Fab>
      {hasOpened && (
        <Suspense fallback={null}>
          <AssistantChat
            open={isOpen}
            onClose={() => close()}
            assistant={assistant}
            api={api}
            language={language}
            files={access.Documents}
            hasFinished={hasFinished}
            // The chat is modal and covers the page: it closes, and the viewer goes to the page behind it.
            onShowPage={close}
            onAccessExpired={onAccessExpired}
          />
        </Suspense>
      )}
    </>
  );
}
