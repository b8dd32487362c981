import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { accessLevels, documentSettingKeys } from '@signlink/contracts/documents/document-model';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog.tsx';
import type { EditorAction, EditorState } from './editor-state.ts';

interface DocumentSettingsDialogProps {
  state: Pick<EditorState, 'settings' | 'accessLevel' | 'message'>;
  dispatch: (action: EditorAction) => void;
  onClose: () => void;
  /** Leaves the editor, its changes saved, for the assistant's settings of this draft (SPEC section 2). */
  onOpenAssistant: () => void;
}

/**
 * SPEC section 3's document settings, the access level (private, or shared with the account) and the message to
 * every party (issue 6 part 3). Each change applies at once and autosave keeps it.
 */
export function DocumentSettingsDialog({ state, dispatch, onClose, onOpenAssistant }: DocumentSettingsDialogProps) {
  const { t } = useTranslation();
  const settingsId = useId();
  const accessId = useId();
  return (
    <AppDialog
      title={t('editor.settings.title')}
      onClose={onClose}
      actions={
        <Button variant="contained" onClick={onClose}>
          {t('editor.settings.done')}
        </Button>
      }
    >
      <Stack spacing={3} sx={{ pt: 1 }}>
        <div>
          <Typography id={settingsId} variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 0.5 }}>
            {t('editor.settings.options')}
          </Typography>
          <FormGroup aria-labelledby={settingsId}>
            {documentSettingKeys.map((key) => (
              <FormControlLabel
                key={key}
                control={
                  <Checkbox
                    checked={state.settings[key]}
                    onChange={(event) => dispatch({ type: 'set-setting', key, value: event.target.checked })}
                  />
                }
                label={t(`editor.settings.flags.${key}`)}
              />
            ))}
          </FormGroup>
        </div>
        <div>
          <Typography id={accessId} variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 0.5 }}>
            {t('editor.settings.accessLevel')}
          </Typography>
          <RadioGroup
            aria-labelledby={accessId}
            value={state.accessLevel}
            onChange={(event) =>
              dispatch({ type: 'set-access-level', accessLevel: event.target.value as EditorState['accessLevel'] })
            }
          >
            {accessLevels.map((level) => (
              <FormControlLabel
                key={level}
                value={level}
                control={<Radio />}
                label={t(`editor.settings.access.${level}`)}
              />
            ))}
          </RadioGroup>
        </div>
        <TextField
          multiline
          minRows={3}
          label={t('editor.settings.message')}
          helperText={t('editor.settings.messageHint')}
          value={state.message}
          onChange={(event) => dispatch({ type: 'set-message', message: event.target.value })}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <div>
          <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 0.5 }}>
            {t('assistantSettings.editor.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('assistantSettings.editor.hint')}
          </Typography>
          <Button variant="outlined" onClick={onOpenAssistant}>
            {t('assistantSettings.editor.open')}
          </Button>
        </div>
      </Stack>
    </AppDialog>
  );
}
