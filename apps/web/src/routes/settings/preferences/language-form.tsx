import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isLocale, type Locale, locales } from '@signlink/contracts/locales';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/forms/form-error.tsx';
import { currentLocale } from '../../../i18n/create-app-i18n.ts';
import type { SavePreferences } from './preferences-page.tsx';

/**
 * The user's language, saved on the server (their e-mails and texts follow it) and applied to the screen at once,
 * as the header's switch does; put back, screen included, when saving fails.
 */
export function LanguageForm({ saved, save }: { saved: Locale; save: SavePreferences }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const [language, setLanguage] = useState(saved);
  const outcome = save.outcome?.part === 'language' ? save.outcome : null;

  // The header's switch saves a signed-in user's choice too (POST user/lang): follow it here.
  const screenLanguage = currentLocale(i18n);
  const lastScreenLanguage = useRef(screenLanguage);
  useEffect(() => {
    if (screenLanguage === lastScreenLanguage.current) return;
    lastScreenLanguage.current = screenLanguage;
    setLanguage(screenLanguage);
  }, [screenLanguage]);

  const choose = async (next: Locale) => {
    const previous = language;
    const previousScreen = screenLanguage;
    // The ref first: these changes are this form's own, not the header's.
    lastScreenLanguage.current = next;
    setLanguage(next);
    void i18n.changeLanguage(next);
    if (!(await save.run('language', { Language: next }))) {
      lastScreenLanguage.current = previousScreen;
      setLanguage(previous);
      void i18n.changeLanguage(previousScreen);
    }
  };

  return (
    <Stack spacing={1.5}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('settings.preferences.language.heading')}
      </Typography>
      <Typography color="text.secondary">{t('settings.preferences.language.intro')}</Typography>
      <RadioGroup
        aria-labelledby={headingId}
        value={language}
        onChange={(event) => {
          if (isLocale(event.target.value)) void choose(event.target.value);
        }}
      >
        {locales.map((locale) => (
          <FormControlLabel
            key={locale}
            value={locale}
            control={<Radio />}
            // Each language in its own name, whatever the screen's language.
            label={<span lang={locale}>{t(`language.names.${locale}`)}</span>}
            disabled={save.saving !== null}
          />
        ))}
      </RadioGroup>
      <FormError error={outcome?.error} />
      {outcome && !outcome.error && (
        <Alert severity="success" role="status">
          {t('settings.preferences.language.saved')}
        </Alert>
      )}
    </Stack>
  );
}
