import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FieldType, fieldTypes } from '@signlink/contracts/documents/document-model';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldDragType } from './page-slot.tsx';
import { partyColorOf } from './party-colors.ts';

interface FieldPaletteProps {
  /** The selected party's signature index and name; no party, no fields. */
  party: { signatureIndex: number; name: string } | null;
  /** A click (or Enter) puts the field on the page in view. */
  onAdd: (fieldType: FieldType) => void;
}

/** The fields a party can get (issue 6 part 2): dragged onto a page, or added to the page in view. */
export function FieldPalette({ party, onAdd }: FieldPaletteProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const color = party ? partyColorOf(party.signatureIndex) : undefined;
  return (
    <Stack spacing={1} component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        {party ? t('editor.palette.headingFor', { name: party.name }) : t('editor.palette.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {party ? t('editor.palette.hint') : t('editor.palette.needsParty')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {fieldTypes.map((fieldType) => (
          <Button
            key={fieldType}
            size="small"
            variant="outlined"
            disabled={!party}
            draggable={Boolean(party)}
            onDragStart={(event) => {
              event.dataTransfer.setData(fieldDragType, fieldType);
              event.dataTransfer.effectAllowed = 'copy';
            }}
            onClick={() => onAdd(fieldType)}
            sx={{ cursor: 'grab', borderColor: color, color }}
          >
            {t(`editor.fieldTypes.${fieldType}`)}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}
