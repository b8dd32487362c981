import { useTranslation } from 'react-i18next';
import { UploadOrDraftPage } from './upload-or-draft-page.tsx';

/** /create (SPEC section 2, New document): upload a PDF to start, or continue a draft; not on a phone. */
export function CreatePage() {
  const { t } = useTranslation();
  return <UploadOrDraftPage title={t('create.title')} intro={t('create.intro')} />;
}
