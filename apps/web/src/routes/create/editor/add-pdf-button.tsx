import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { limits } from '@signlink/contracts/constants';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentsApi } from '../../../api/drafts-api.ts';
import { AppDialog } from '../../../components/dialogs/app-dialog.tsx';
import { FormError } from '../../../components/forms/form-error.tsx';

const maxUploadBytes = limits.maxUploadMegabytes * 1024 * 1024;

interface AddPdfButtonProps {
  api: DocumentsApi;
  draftId: string;
  /** The file open in the editor: the added PDF's pages follow its pages. */
  fileId: string;
  /** Saves the open file's fields first: the merge moves the fields the server holds. */
  flush: () => Promise<void>;
  /** The draft now has one merged file in the open one's place: the editor opens it. */
  onMerged: () => Promise<unknown>;
}

/**
 * "Add PDF" (issue 6 part 1: `/files/merge`): the chosen PDF is uploaded as one more file of the draft (checked as
 * any upload), then merged after the open file, whose placed fields keep their pages and places. The editor waits in
 * a dialog meanwhile, so nothing placed during the upload is lost to the reload.
 */
export function AddPdfButton({ api, draftId, fileId, flush, onMerged }: AddPdfButtonProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isAdding, setIsAdding] = useState(false);
  const [failure, setFailure] = useState<{ error?: unknown; text?: string } | null>(null);

  const add = async (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    if (file.size > maxUploadBytes) {
      setFailure({ text: t('create.upload.tooLarge', { megabytes: limits.maxUploadMegabytes }) });
      return;
    }
    setIsAdding(true);
    try {
      await flush();
      const uploaded = await api.upload(file, file.name, draftId);
      // A draft's files come in their order, and an added file goes last.
      const addedId = uploaded.Files.at(-1)?.Id;
      if (!addedId || addedId === fileId) throw new Error('The uploaded file is not in the draft');
      await api.mergeFiles([fileId, addedId]);
      await onMerged();
    } catch (error) {
      setFailure({ error });
    } finally {
      setIsAdding(false);
    }
  };

  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept="application/pdf,.pdf"
        hidden
        data-testid="add-pdf-input"
        onChange={(event) => void add(event.target.files?.[0])}
      />
      <Button variant="outlined" onClick={() => inputRef.current?.click()} disabled={isAdding}>
        {t('editor.addPdf.button')}
      </Button>
      {isAdding && (
        <AppDialog title={t('editor.addPdf.button')}>
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
            <CircularProgress size={24} />
            <Typography>{t('editor.addPdf.adding')}</Typography>
          </Box>
        </AppDialog>
      )}
      {failure && (
        <AppDialog
          title={t('editor.addPdf.failed')}
          onClose={() => setFailure(null)}
          actions={<Button onClick={() => setFailure(null)}>{t('common.close')}</Button>}
        >
          <FormError error={failure.error}>{failure.text}</FormError>
        </AppDialog>
      )}
    </>
  );
}
