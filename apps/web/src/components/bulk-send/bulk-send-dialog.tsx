import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context.tsx';
import { ApiError } from '../../api/api-error.ts';
import { AppDialog } from '../dialogs/app-dialog.tsx';
import { FormError } from '../forms/form-error.tsx';
import { type BulkSendPreview, type BulkSendProgress, createBulkSendApi } from './bulk-send-api.ts';
import { BulkSendPreviewView } from './bulk-send-preview.tsx';
import { BulkSendProgressView } from './bulk-send-progress.tsx';

/** The header column a refused CSV named (BULK_SEND_CSV_INVALID's details), to say which one to fix. */
function columnOf(failure: unknown): string | undefined {
  if (!(failure instanceof ApiError)) return undefined;
  const details = failure.details as { column?: unknown } | undefined;
  return typeof details?.column === 'string' ? details.column : undefined;
}

/** The chosen file as text; FileReader decodes UTF-8 and is what every browser (and jsdom) has. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

type Step =
  | { name: 'choose' }
  | { name: 'preview'; preview: BulkSendPreview }
  | { name: 'progress'; progress: BulkSendProgress };

/**
 * "Send to many" (issue 24, part 7): a template sent to every row of a CSV. The file is previewed first (each row's
 * problems and the valid rows' cost; nothing charged), then confirmed, then followed while its jobs send. The
 * templates screen mounts it for a template: `<BulkSendDialog templateId={…} templateName={…} onClose={…} />`.
 */
export function BulkSendDialog({
  templateId,
  templateName,
  onClose,
}: {
  templateId: string;
  templateName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useApiClient();
  const api = useMemo(() => createBulkSendApi(client), [client]);
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [isBusy, setIsBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();

  const run = async (action: () => Promise<void>) => {
    setFailure(null);
    setIsBusy(true);
    try {
      await action();
    } catch (error) {
      setFailure(error);
    } finally {
      setIsBusy(false);
    }
  };

  const choose = (file: File | undefined) => {
    if (!file) return;
    void run(async () => setStep({ name: 'preview', preview: await api.preview(templateId, await readText(file)) }));
  };
  const confirm = (preview: BulkSendPreview) =>
    void run(async () => setStep({ name: 'progress', progress: await api.confirm(preview.Id) }));

  const chooseButton = (
    <Button
      variant={step.name === 'choose' ? 'contained' : 'text'}
      onClick={() => inputRef.current?.click()}
      disabled={isBusy}
      aria-describedby={hintId}
      startIcon={isBusy && step.name === 'choose' ? <CircularProgress size={16} color="inherit" /> : undefined}
    >
      {step.name === 'choose' ? t('bulkSend.choose') : t('bulkSend.chooseAnother')}
    </Button>
  );

  return (
    <AppDialog
      title={t('bulkSend.title', { name: templateName })}
      onClose={isBusy ? undefined : onClose}
      isFullScreenOnPhone
      actions={
        step.name === 'progress' ? (
          <Button onClick={onClose}>{t('common.close')}</Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={isBusy}>
              {t('common.cancel')}
            </Button>
            {step.name === 'preview' && (
              <Button
                variant="contained"
                onClick={() => confirm(step.preview)}
                disabled={isBusy || step.preview.Valid === 0 || !step.preview.Cost.IsCovered}
                startIcon={isBusy ? <CircularProgress size={16} color="inherit" /> : undefined}
              >
                {t('bulkSend.confirm', { count: step.preview.Valid })}
              </Button>
            )}
          </>
        )
      }
    >
      <Stack spacing={2}>
        {step.name !== 'progress' && (
          <>
            <Typography id={hintId} color="text.secondary">
              {t('bulkSend.hint')}
            </Typography>
            <div>{chooseButton}</div>
            <input
              ref={inputRef}
              type="file"
              accept=".csv,text/csv"
              hidden
              aria-label={t('bulkSend.choose')}
              onChange={(event) => {
                choose(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </>
        )}
        {step.name === 'preview' && <BulkSendPreviewView preview={step.preview} />}
        {step.name === 'progress' && <BulkSendProgressView api={api} initial={step.progress} />}
        {failure !== null && (
          <FormError error={failure}>
            {columnOf(failure) && (
              <Typography variant="body2">{t('bulkSend.badColumn', { column: columnOf(failure) })}</Typography>
            )}
          </FormError>
        )}
      </Stack>
    </AppDialog>
  );
}
