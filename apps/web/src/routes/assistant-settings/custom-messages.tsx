import TextField from '@mui/material/TextField';
import { type AssistantSettings, assistantLimits } from '@signlink/contracts/assistant/assistant-settings';
import { useTranslation } from 'react-i18next';
import type { AssistantForm } from './assistant-form.ts';
import { SettingsSection } from './settings-section.tsx';

const messageFields = ['FirstMessage', 'InitMessage', 'CompletionMessage'] as const;
const labelKeys = {
  FirstMessage: 'assistantSettings.messages.first',
  InitMessage: 'assistantSettings.messages.init',
  CompletionMessage: 'assistantSettings.messages.completion',
} as const;

interface CustomMessagesProps {
  form: AssistantForm;
  defaults: AssistantSettings['Defaults'];
  disabled: boolean;
  onChange: (change: Partial<AssistantForm>) => void;
}

/** SPEC section 2: "an empty field means the default message"; the default shows as the placeholder. */
export function CustomMessages({ form, defaults, disabled, onChange }: CustomMessagesProps) {
  const { t } = useTranslation();
  return (
    <SettingsSection title={t('assistantSettings.messages.title')} intro={t('assistantSettings.messages.intro')}>
      {messageFields.map((field) => (
        <TextField
          key={field}
          multiline
          minRows={2}
          label={t(labelKeys[field])}
          value={form[field]}
          disabled={disabled}
          placeholder={defaults[field]}
          helperText={t('assistantSettings.messages.emptyMeansDefault')}
          onChange={(event) => onChange({ [field]: event.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: assistantLimits.maxCustomMessageChars } }}
        />
      ))}
    </SettingsSection>
  );
}
