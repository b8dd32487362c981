import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteIcon } from '../delete-icon.tsx';
import type { SaveStatus } from './use-autosave.ts';

export const zoomSteps = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
const minZoom = 0.5;
const maxZoom = 3;

interface EditorToolbarProps {
  title: string;
  onTitleChange: (title: string) => void;
  /** The title is required (SPEC section 5); said when it is empty or sending said so. */
  isTitleMissing: boolean;
  zoom: number;
  onZoom: (zoom: number) => void;
  saveStatus: SaveStatus;
  onRetrySave: () => void;
  /** The "Add PDF" action, which keeps its own upload state. */
  addPdf: ReactNode;
  onOpenSettings: () => void;
  /** Deletes the draft, after asking; none for a template (deleted from the templates list). */
  onDelete?: () => void;
  onSend: () => void;
  /** A template (issue 24) is saved, never sent: the last button says so. */
  sendLabel?: string;
}

/** The document's name, zoom, whether everything is saved, the settings and Send. */
export function EditorToolbar(props: EditorToolbarProps) {
  const { t } = useTranslation();
  const { zoom, onZoom } = props;
  // The zoom may sit between steps (fitted to the width): the next step either way.
  const smaller = [...zoomSteps].reverse().find((step) => step < zoom) ?? zoom;
  const larger = zoomSteps.find((step) => step > zoom) ?? zoom;
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        px: 2,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <TextField
        size="small"
        label={t('editor.toolbar.title')}
        value={props.title}
        onChange={(event) => props.onTitleChange(event.target.value)}
        error={props.isTitleMissing}
        helperText={props.isTitleMissing ? t('editor.problems.name-required') : undefined}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        sx={{ width: 320 }}
      />
      <Box role="group" aria-label={t('editor.toolbar.zoom')} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <IconButton aria-label={t('editor.toolbar.zoomOut')} onClick={() => onZoom(smaller)} disabled={zoom <= minZoom}>
          <span aria-hidden>−</span>
        </IconButton>
        <Typography sx={{ minWidth: 48, textAlign: 'center' }} aria-live="polite">
          {Math.round(zoom * 100)} %
        </Typography>
        <IconButton aria-label={t('editor.toolbar.zoomIn')} onClick={() => onZoom(larger)} disabled={zoom >= maxZoom}>
          <span aria-hidden>+</span>
        </IconButton>
      </Box>
      <Box sx={{ flex: 1 }} />
      <Typography variant="body2" color={props.saveStatus === 'failed' ? 'error' : 'text.secondary'} role="status">
        {t(`editor.toolbar.save.${props.saveStatus}`)}
      </Typography>
      {props.saveStatus === 'failed' && (
        <Button size="small" onClick={props.onRetrySave}>
          {t('common.tryAgain')}
        </Button>
      )}
      {props.addPdf}
      {/* An icon: the toolbar is full in Swedish and Spanish already; the name is for screen readers, the title for a mouse. */}
      {props.onDelete && (
        <IconButton
          aria-label={t('create.discardDraft.action')}
          title={t('create.discardDraft.action')}
          onClick={props.onDelete}
        >
          <DeleteIcon />
        </IconButton>
      )}
      <Button variant="outlined" onClick={props.onOpenSettings}>
        {t('editor.toolbar.settings')}
      </Button>
      <Button variant="contained" onClick={props.onSend}>
        {props.sendLabel ?? t('editor.toolbar.send')}
      </Button>
    </Box>
  );
}
