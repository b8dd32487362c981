import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { type DragEvent, useId, useRef, useState } from 'react';

export interface PdfDropZoneTexts {
  heading: string;
  hint: string;
  choose: string;
  /** The button's text while the chosen file is being handled. */
  busy: string;
}

/**
 * One PDF dropped or picked, handed to `onFile`; the page decides what to do with it (the create page uploads a
 * draft, the verify page checks the seal). The input is cleared after each choice, so the same file can come again.
 */
export function PdfDropZone({
  busy,
  onFile,
  texts,
  testId,
}: {
  busy: boolean;
  onFile: (file: File) => void;
  texts: PdfDropZoneTexts;
  testId: string;
}) {
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
      data-testid={testId}
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
        {texts.heading}
      </Typography>
      <Typography id={hintId} color="text.secondary" sx={{ mb: 3 }}>
        {texts.hint}
      </Typography>
      <Button
        variant="contained"
        onClick={() => inputRef.current?.click()}
        disabled={busy}
        aria-describedby={hintId}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {busy ? texts.busy : texts.choose}
      </Button>
      <input
        ref={inputRef}
        type="file"
        accept="application/pdf,.pdf"
        hidden
        aria-label={texts.choose}
        onChange={(event) => choose(event.target.files?.[0])}
      />
    </Box>
  );
}
