import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { limits } from '@signlink/contracts/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorAction, EditorState } from './editor-state.ts';
import { PartyCard } from './party-card.tsx';

interface PartiesPanelProps {
  state: Pick<EditorState, 'parties' | 'selectedParty' | 'fields'>;
  /** Sending's problems in words, per signature index. */
  problemsByParty: ReadonlyMap<number, string[]>;
  dispatch: (action: EditorAction) => void;
  /** A template's parties are roles: named by role, the person optional (issue 24). */
  isTemplate?: boolean;
}

/** The parties who sign (issue 6 part 2): add, edit and remove them; each has its colour on the page. */
export function PartiesPanel({ state, problemsByParty, dispatch, isTemplate = false }: PartiesPanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Stack spacing={1} component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        {t('editor.parties.heading')}
      </Typography>
      {state.parties.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('editor.parties.empty')}
        </Typography>
      )}
      {state.parties.map((party) => (
        <PartyCard
          key={party.SignatureIndex}
          party={party}
          isSelected={party.SignatureIndex === state.selectedParty}
          fieldCount={state.fields.filter((field) => field.signatureIndex === party.SignatureIndex).length}
          problems={problemsByParty.get(party.SignatureIndex) ?? []}
          dispatch={dispatch}
          isTemplate={isTemplate}
        />
      ))}
      <Button
        variant="outlined"
        onClick={() => dispatch({ type: 'add-party' })}
        disabled={state.parties.length > limits.maxSignatureIndex}
      >
        {t('editor.parties.add')}
      </Button>
    </Stack>
  );
}
