import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { limits } from '@signlink/contracts/constants';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * One PDF dropped or picked, handed to `onFile`. The create page's drop zone looks the same but uploads a draft
 * itself; this one only chooses the file, so the verify page decides what to do with it.
 */
export function PdfDropZone({ busy, onFile }: { busy: boolean; onFile: (file: File) => void }) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [isDragOver, setIsDragOver] = useState(false);

  const choose = (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (file && !busy) onFile(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragOver(false);
    choose(event.dataTransfer.files[0]);
  };

  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        setIsDragOver(true);
      }}
      onDragLeave={() => setIsDragOver(false)}
      onDrop={onDrop}
      data-testid="verify-drop-zone"
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: isDragOver ? 'primary.main' : 'divider',
        bgcolor: isDragOver ? 'action.hover' : 'background.paper',
        borderRadius: 2,
        px: { xs: 2, sm: 3 },
        py: { xs: 4, sm: 6 },
        textAlign: 'center',
      }}
    >
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {t('verify.drop.heading')}
      </Typography>
      <Typography id={hintId} color="text.secondary" sx={{ mb: 3 }}>
        {t('verify.drop.hint', { megabytes: limits.maxUploadMegabytes })}
      </Typography>
      <Button
        variant="contained"
        onClick={() => inputRef.current?.click()}
        disabled={busy}
        aria-describedby={hintId}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {busy ? t('verify.drop.checking') : t('verify.drop.choose')}
      </Button>
      <input
        ref={inputRef}
        type="file"
        accept="application/pdf,.pdf"
        hidden
        aria-label={t('verify.drop.choose')}
        onChange={(event) => choose(event.target.files?.[0])}
      />
    </Box>
  );
}
