import { useTranslation } from 'react-i18next';
import { signAndSendSearch } from './sign-and-send-mode.ts';
import { UploadOrDraftPage } from './upload-or-draft-page.tsx';

/**
 * /sign-and-send (issue 24, part 5): as New document, but the draft opens in the editor's sign and send mode, where
 * the sender is the first party, signs first and the others are invited after.
 */
export function SignAndSendPage() {
  const { t } = useTranslation();
  return (
    <UploadOrDraftPage title={t('signAndSend.title')} intro={t('signAndSend.intro')} editorSearch={signAndSendSearch} />
  );
}
