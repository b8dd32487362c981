import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  type AssistantLanguage,
  type AssistantVersion,
  assistantLanguages,
} from '@signlink/contracts/assistant/assistant-settings';
import { useTranslation } from 'react-i18next';
import type { AssistantForm } from './assistant-form.ts';
import { SettingsSection } from './settings-section.tsx';

interface GeneralSettingsProps {
  form: AssistantForm;
  versions: AssistantVersion[] | undefined;
  disabled: boolean;
  onChange: (change: Partial<AssistantForm>) => void;
}

/** On or off, the answers' language and the version; form filling shown as coming (SPEC section 1), speech. */
export function GeneralSettings({ form, versions, disabled, onChange }: GeneralSettingsProps) {
  const { t } = useTranslation();
  // The saved version stays choosable while the list loads, or should the server have retired it.
  const choices = versions?.some((version) => version.Version === form.Version)
    ? versions
    : [...(versions ?? []), { Version: form.Version, Name: form.Version, Description: '', IsDefault: false }];
  const chosen = choices.find((version) => version.Version === form.Version);
  return (
    <SettingsSection title={t('assistantSettings.general.title')}>
      <FormControlLabel
        control={
          <Switch
            checked={form.Enabled}
            disabled={disabled}
            onChange={(event) => onChange({ Enabled: event.target.checked })}
          />
        }
        label={t('assistantSettings.general.enabled')}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
        <TextField
          select
          fullWidth
          label={t('assistantSettings.general.language')}
          value={form.Language}
          disabled={disabled}
          onChange={(event) => onChange({ Language: event.target.value as AssistantLanguage })}
        >
          {assistantLanguages.map((language) => (
            <MenuItem key={language} value={language}>
              {t(`assistantSettings.languages.${language}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          fullWidth
          label={t('assistantSettings.general.version')}
          value={form.Version}
          disabled={disabled}
          helperText={chosen?.Description || undefined}
          onChange={(event) => onChange({ Version: event.target.value })}
        >
          {choices.map((version) => (
            <MenuItem key={version.Version} value={version.Version}>
              {version.IsDefault ? t('assistantSettings.general.defaultVersion', { name: version.Name }) : version.Name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <FormControlLabel
          sx={{ mr: 0 }}
          control={<Switch checked={false} disabled />}
          label={t('assistantSettings.general.formFilling')}
        />
        <Chip size="small" color="info" variant="outlined" label={t('assistantSettings.general.comingSoon')} />
      </Stack>
      <FormControlLabel
        control={
          <Switch
            checked={form.EnableSpeech}
            disabled={disabled}
            onChange={(event) => onChange({ EnableSpeech: event.target.checked })}
          />
        }
        label={t('assistantSettings.general.speech')}
      />
    </SettingsSection>
  );
}
