import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PlacedField } from '@signlink/contracts/documents/document-model';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftParty, EditorAction } from './editor-state.ts';
import { NumberField } from './number-field.tsx';

interface FieldPropertiesProps {
  field: PlacedField;
  parties: readonly DraftParty[];
  pageCount: number;
  dispatch: (action: EditorAction) => void;
  newId: () => string;
  /** Sending's problems with this field, in words. */
  problems: string[];
}

/** The selected field in numbers (points from the page's top-left), its party, label and whether it is required. */
export function FieldProperties({ field, parties, pageCount, dispatch, newId, problems }: FieldPropertiesProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const setBox = (key: 'x' | 'y' | 'width' | 'height') => (value: number) =>
    dispatch({ type: 'set-field-box', id: field.id, box: { [key]: value } });
  return (
    <Stack spacing={1.5} component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        {t('editor.properties.heading', { type: t(`editor.fieldTypes.${field.type}`) })}
      </Typography>
      {field.pdfFieldName && (
        <Typography variant="body2" color="text.secondary">
          {t('editor.properties.pdfField', { name: field.pdfFieldName })}
        </Typography>
      )}
      {problems.map((problem) => (
        <Typography key={problem} variant="body2" color="error" role="alert">
          {problem}
        </Typography>
      ))}
      <TextField
        select
        size="small"
        label={t('editor.properties.party')}
        value={field.signatureIndex}
        onChange={(event) =>
          dispatch({ type: 'update-field', id: field.id, changes: { signatureIndex: Number(event.target.value) } })
        }
      >
        {parties.map((party) => (
          <MenuItem key={party.SignatureIndex} value={party.SignatureIndex}>
            {party.Name.trim() || t('editor.parties.unnamed', { number: party.SignatureIndex + 1 })}
          </MenuItem>
        ))}
      </TextField>
      <NumberField
        label={t('editor.properties.page', { pages: pageCount })}
        value={field.page}
        min={1}
        onCommit={(page) =>
          dispatch({
            type: 'set-field-box',
            id: field.id,
            box: {},
            page: Math.min(Math.max(1, Math.round(page)), pageCount),
          })
        }
      />
      <Stack direction="row" spacing={1}>
        <NumberField label={t('editor.properties.x')} value={field.x} min={0} onCommit={setBox('x')} />
        <NumberField label={t('editor.properties.y')} value={field.y} min={0} onCommit={setBox('y')} />
      </Stack>
      <Stack direction="row" spacing={1}>
        <NumberField label={t('editor.properties.width')} value={field.width} min={4} onCommit={setBox('width')} />
        <NumberField label={t('editor.properties.height')} value={field.height} min={4} onCommit={setBox('height')} />
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {t('editor.properties.unitsHint')}
      </Typography>
      <TextField
        size="small"
        label={t('editor.properties.label')}
        value={field.label ?? ''}
        onChange={(event) => dispatch({ type: 'update-field', id: field.id, changes: { label: event.target.value } })}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={field.required}
            disabled={field.type === 'signature'}
            onChange={(event) =>
              dispatch({ type: 'update-field', id: field.id, changes: { required: event.target.checked } })
            }
          />
        }
        label={t('editor.properties.required')}
      />
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="outlined"
          onClick={() => dispatch({ type: 'duplicate-field', id: field.id, newId: newId() })}
        >
          {t('editor.properties.duplicate')}
        </Button>
        <Button size="small" color="error" onClick={() => dispatch({ type: 'delete-field', id: field.id })}>
          {t('editor.properties.delete')}
        </Button>
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {t('editor.properties.keyboardHint')}
      </Typography>
    </Stack>
  );
}
