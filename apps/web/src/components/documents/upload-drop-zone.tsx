import Stack from '@mui/material/Stack';
import { limits } from '@signlink/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context.tsx';
import { createDocumentsApi, type Draft } from '../../api/drafts-api.ts';
import { FormError } from '../forms/form-error.tsx';
import { PdfDropZone } from '../forms/pdf-drop-zone.tsx';

const maxUploadBytes = limits.maxUploadMegabytes * 1024 * 1024;

/**
 * Issue 6 part 1: a PDF dropped here or chosen with the picker goes to `POST linktinker/files`; the server judges it
 * by content and its refusal (password-protected, damaged, ...) is shown as the catalogue words it.
 */
export function UploadDropZone({ draftId, onUploaded }: { draftId?: string; onUploaded: (draft: Draft) => void }) {
  const { t } = useTranslation();
  const api = createDocumentsApi(useApiClient());
  const [isUploading, setIsUploading] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [tooLarge, setTooLarge] = useState(false);

  const upload = async (file: File) => {
    if (isUploading) return;
    setFailure(null);
    // Said at once rather than after sending 25 MiB for the server to refuse.
    setTooLarge(file.size > maxUploadBytes);
    if (file.size > maxUploadBytes) return;
    setIsUploading(true);
    try {
      onUploaded(await api.upload(file, file.name, draftId));
    } catch (error) {
      setFailure(error);
    } finally {
      setIsUploading(false);
    }
  };

  return (
    <Stack spacing={2}>
      <PdfDropZone
        busy={isUploading}
        onFile={(file) => void upload(file)}
        testId="upload-drop-zone"
        texts={{
          heading: t('create.upload.heading'),
          hint: t('create.upload.hint', { megabytes: limits.maxUploadMegabytes }),
          choose: t('create.upload.choose'),
          busy: t('create.upload.uploading'),
        }}
      />
      <FormError error={failure} />
      {tooLarge && <FormError>{t('create.upload.tooLarge', { megabytes: limits.maxUploadMegabytes })}</FormError>}
    </Stack>
  );
}
