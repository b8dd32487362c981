import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { limits } from '@signlink/contracts/constants';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context.tsx';
import { createDocumentsApi, type Project } from '../../api/documents-api.ts';
import { FormError } from '../../components/forms/form-error.tsx';

const maxUploadBytes = limits.maxUploadMegabytes * 1024 * 1024;

/**
 * Issue 6 part 1: a PDF dropped here or chosen with the picker goes to `POST linktinker/files`; the server judges it
 * by content and its refusal (password-protected, damaged, ...) is shown as the catalogue words it.
 */
export function UploadDropZone({
  projectId,
  onUploaded,
}: {
  projectId?: string;
  onUploaded: (project: Project) => void;
}) {
  const { t } = useTranslation();
  const api = createDocumentsApi(useApiClient());
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [isDragOver, setIsDragOver] = useState(false);
  const [isUploading, setIsUploading] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [tooLarge, setTooLarge] = useState(false);

  const upload = async (file: File | undefined) => {
    if (!file || isUploading) return;
    setFailure(null);
    // Said at once rather than after sending 25 MiB for the server to refuse.
    setTooLarge(file.size > maxUploadBytes);
    if (file.size > maxUploadBytes) return;
    setIsUploading(true);
    try {
      onUploaded(await api.upload(file, file.name, projectId));
    } catch (error) {
      setFailure(error);
    } finally {
      setIsUploading(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragOver(false);
    void upload(event.dataTransfer.files[0]);
  };

  return (
    <Stack spacing={2}>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setIsDragOver(true);
        }}
        onDragLeave={() => setIsDragOver(false)}
        onDrop={onDrop}
        data-testid="upload-drop-zone"
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: isDragOver ? 'primary.main' : 'divider',
          bgcolor: isDragOver ? 'action.hover' : 'background.paper',
          borderRadius: 2,
          px: 3,
          py: 6,
          textAlign: 'center',
        }}
      >
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {t('create.upload.heading')}
        </Typography>
        <Typography id={hintId} color="text.secondary" sx={{ mb: 3 }}>
          {t('create.upload.hint', { megabytes: limits.maxUploadMegabytes })}
        </Typography>
        <Button
          variant="contained"
          onClick={() => inputRef.current?.click()}
          disabled={isUploading}
          aria-describedby={hintId}
          startIcon={isUploading ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {isUploading ? t('create.upload.uploading') : t('create.upload.choose')}
        </Button>
        <input
          ref={inputRef}
          type="file"
          accept="application/pdf,.pdf"
          hidden
          aria-label={t('create.upload.choose')}
          onChange={(event) => void upload(event.target.files?.[0])}
        />
      </Box>
      <FormError error={failure} />
      {tooLarge && <FormError>{t('create.upload.tooLarge', { megabytes: limits.maxUploadMegabytes })}</FormError>}
    </Stack>
  );
}
