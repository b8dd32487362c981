import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { assistantLimits } from '@signlink/contracts/assistant/assistant-settings';
import { useTranslation } from 'react-i18next';
import type { AssistantForm } from './assistant-form.ts';
import { SettingsSection } from './settings-section.tsx';

interface AdvancedSettingsProps {
  form: AssistantForm;
  disabled: boolean;
  onChange: (change: Partial<AssistantForm>) => void;
}

/** The owner's extra instructions to the assistant, and whether visitors' conversations outlive the visit. */
export function AdvancedSettings({ form, disabled, onChange }: AdvancedSettingsProps) {
  const { t, i18n } = useTranslation();
  const count = (value: number) => value.toLocaleString(i18n.language);
  return (
    <SettingsSection title={t('assistantSettings.advanced.title')}>
      <TextField
        multiline
        minRows={4}
        label={t('assistantSettings.advanced.instructions')}
        value={form.AdditionalInstructions}
        disabled={disabled}
        helperText={t('assistantSettings.advanced.instructionsCount', {
          used: count(form.AdditionalInstructions.length),
          max: count(assistantLimits.maxInstructionsChars),
        })}
        onChange={(event) => onChange({ AdditionalInstructions: event.target.value })}
        slotProps={{ htmlInput: { maxLength: assistantLimits.maxInstructionsChars } }}
      />
      <FormControlLabel
        control={
          <Switch
            checked={form.StoreConversations}
            disabled={disabled}
            onChange={(event) => onChange({ StoreConversations: event.target.checked })}
          />
        }
        label={t('assistantSettings.advanced.storeConversations')}
      />
    </SettingsSection>
  );
}
