import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type EditorAction, type EditorState, isAdopted } from './editor-state.ts';

interface PdfFieldsPanelProps {
  state: Pick<EditorState, 'formFields' | 'fields' | 'selectedParty'>;
  partyName: string | null;
  dispatch: (action: EditorAction) => void;
  newId: () => string;
}

/**
 * The PDF's own AcroForm fields found at upload (issue 6 part 2): each can be given to the selected party, or all at
 * once, so a ready-made form needs no fields placed by hand.
 */
export function PdfFieldsPanel({ state, partyName, dispatch, newId }: PdfFieldsPanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  if (state.formFields.length === 0) return null;
  const open = state.formFields.filter((field) => !isAdopted(state, field.name));
  const hasParty = state.selectedParty !== null;
  return (
    <Stack spacing={1} component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        {t('editor.pdfFields.heading', { fields: state.formFields.length })}
      </Typography>
      <Button
        size="small"
        variant="outlined"
        disabled={!hasParty || open.length === 0}
        onClick={() => dispatch({ type: 'adopt-all-pdf-fields', ids: open.map(() => newId()) })}
      >
        {partyName ? t('editor.pdfFields.adoptAllFor', { name: partyName }) : t('editor.pdfFields.adoptAll')}
      </Button>
      <List dense disablePadding aria-labelledby={headingId} sx={{ maxHeight: 240, overflow: 'auto' }}>
        {state.formFields.map((field) => {
          const adopted = isAdopted(state, field.name);
          return (
            <ListItem
              key={field.name}
              disableGutters
              secondaryAction={
                <Button
                  size="small"
                  disabled={adopted || !hasParty}
                  aria-label={t('editor.pdfFields.adoptOne', { field: field.name })}
                  onClick={() => dispatch({ type: 'adopt-pdf-field', name: field.name, id: newId() })}
                >
                  {adopted ? t('editor.pdfFields.adopted') : t('editor.pdfFields.adopt')}
                </Button>
              }
            >
              <ListItemText
                primary={field.name}
                secondary={t('editor.pdfFields.details', {
                  kind: t(`editor.pdfFieldKinds.${field.kind}`),
                  page: field.page,
                })}
                title={field.name}
                slotProps={{ primary: { noWrap: true } }}
                sx={{ pr: 9 }}
              />
            </ListItem>
          );
        })}
      </List>
    </Stack>
  );
}
