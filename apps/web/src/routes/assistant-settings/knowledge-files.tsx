import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import {
  type AssistantSettings,
  assistantLimits,
  type KnowledgeFile,
} from '@signlink/contracts/assistant/assistant-settings';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssistantApi } from '../../api/assistant-api.ts';
import { useDialogs } from '../../components/dialogs/dialogs-context.tsx';
import { FormError } from '../../components/forms/form-error.tsx';
import { SettingsSection } from './settings-section.tsx';

interface KnowledgeFilesProps {
  api: AssistantApi;
  settings: AssistantSettings;
  /** The settings as the server answered the change, knowledge files and all. */
  onChanged: (settings: AssistantSettings, notice: string) => void;
}

/** Size in the reader's language: kB below a megabyte, MB with one decimal above. */
function formatSize(bytes: number, language: string): string {
  const isLarge = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: isLarge ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: isLarge ? 1 : 0,
  }).format(isLarge ? bytes / (1024 * 1024) : Math.max(1, Math.round(bytes / 1024)));
}

/**
 * The owner's knowledge PDFs the assistant answers from besides the document (SPEC section 1). The client refuses
 * what the server would, at once; the server still judges the content and its refusal shows the catalogue's reason.
 */
export function KnowledgeFiles({ api, settings, onChanged }: KnowledgeFilesProps) {
  const { t, i18n } = useTranslation();
  const dialogs = useDialogs();
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'adding' | 'removing' | null>(null);
  const [failure, setFailure] = useState<{ error?: unknown; text?: string } | null>(null);
  const files = settings.KnowledgeFiles;
  const isFull = files.length >= assistantLimits.maxKnowledgeFiles;
  const maxMegabytes = assistantLimits.maxKnowledgeFileBytes / (1024 * 1024);

  const add = async (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    setFailure(null);
    if (file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf')) {
      setFailure({ text: t('assistantSettings.files.notPdf', { name: file.name }) });
      return;
    }
    if (file.size > assistantLimits.maxKnowledgeFileBytes) {
      setFailure({ text: t('assistantSettings.files.tooLarge', { name: file.name, megabytes: maxMegabytes }) });
      return;
    }
    setBusy('adding');
    try {
      onChanged(await api.addFile(settings.DocumentId, file, file.name), t('assistantSettings.files.added'));
    } catch (error) {
      setFailure({ error });
    } finally {
      setBusy(null);
    }
  };

  const remove = async (file: KnowledgeFile) => {
    const isSure = await dialogs.confirm({
      title: t('assistantSettings.files.removeTitle', { name: file.FileName }),
      message: t('assistantSettings.files.removeMessage'),
      yesLabel: t('assistantSettings.files.remove'),
      noLabel: t('common.cancel'),
    });
    if (!isSure) return;
    setFailure(null);
    setBusy('removing');
    try {
      onChanged(await api.removeFile(settings.DocumentId, file.Id), t('assistantSettings.files.removed'));
    } catch (error) {
      setFailure({ error });
    } finally {
      setBusy(null);
    }
  };

  return (
    <SettingsSection
      title={t('assistantSettings.files.title')}
      intro={t('assistantSettings.files.intro', { max: assistantLimits.maxKnowledgeFiles, megabytes: maxMegabytes })}
    >
      {files.length === 0 ? (
        <Typography color="text.secondary">{t('assistantSettings.files.empty')}</Typography>
      ) : (
        <List aria-label={t('assistantSettings.files.listLabel')} disablePadding>
          {files.map((file) => (
            <ListItem
              key={file.Id}
              divider
              disableGutters
              sx={{ gap: 1, flexWrap: 'wrap' }}
              secondaryAction={
                <Button
                  color="error"
                  disabled={busy !== null}
                  onClick={() => void remove(file)}
                  aria-label={t('assistantSettings.files.removeNamed', { name: file.FileName })}
                >
                  {t('assistantSettings.files.remove')}
                </Button>
              }
            >
              <ListItemText
                sx={{ pr: 12, overflowWrap: 'anywhere' }}
                primary={file.FileName}
                secondary={t('assistantSettings.files.facts', {
                  size: formatSize(file.ByteSize, i18n.language),
                  count: file.PageCount,
                })}
              />
            </ListItem>
          ))}
        </List>
      )}
      <FormError error={failure?.error}>{failure?.text}</FormError>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <input
          ref={inputRef}
          type="file"
          accept="application/pdf,.pdf"
          hidden
          data-testid="knowledge-file-input"
          onChange={(event) => void add(event.target.files?.[0])}
        />
        <Button variant="outlined" disabled={busy !== null || isFull} onClick={() => inputRef.current?.click()}>
          {t('assistantSettings.files.add')}
        </Button>
        {busy === 'adding' && (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <CircularProgress size={20} />
            <Typography variant="body2">{t('assistantSettings.files.uploading')}</Typography>
          </Box>
        )}
        {isFull && (
          <Typography variant="body2" color="text.secondary">
            {t('assistantSettings.files.full', { max: assistantLimits.maxKnowledgeFiles })}
          </Typography>
        )}
      </Box>
    </SettingsSection>
  );
}
