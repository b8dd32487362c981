import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { limits } from '@signlink/contracts/constants';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/forms/form-error.tsx';
import type { SavePreferences } from './preferences-page.tsx';

/** The user's name, trimmed, 1 to limits.userNameMaxLength characters (the server's rule, checked here first). */
export function NameForm({ initial, save }: { initial: string; save: SavePreferences }) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [isChecked, setIsChecked] = useState(false);
  const trimmed = name.trim();
  const problem = !trimmed
    ? t('settings.preferences.nameRequired')
    : trimmed.length > limits.userNameMaxLength
      ? t('settings.preferences.nameTooLong', { max: limits.userNameMaxLength })
      : null;
  const outcome = save.outcome?.part === 'name' ? save.outcome : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsChecked(true);
    if (problem || save.saving) return;
    void save.run('name', { Name: trimmed }).then((isSaved) => {
      if (isSaved) setName(trimmed);
    });
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={t('settings.preferences.details')}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('settings.preferences.details')}
      </Typography>
      {/* A flex gap, not the Stack's margins, which would override the button's top margin that centres it on the field. */}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={t('settings.preferences.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          error={isChecked && problem !== null}
          helperText={isChecked ? problem : undefined}
          disabled={save.saving !== null}
          autoComplete="name"
          fullWidth
          sx={{ maxWidth: { sm: 420 } }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={save.saving !== null}
          sx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' }, mt: { sm: 1.25 }, flexShrink: 0 }}
        >
          {t('settings.preferences.saveName')}
        </Button>
      </Stack>
      <FormError error={outcome?.error} />
      {outcome && !outcome.error && (
        <Alert severity="success" role="status">
          {t('settings.preferences.nameSaved')}
        </Alert>
      )}
    </Stack>
  );
}
