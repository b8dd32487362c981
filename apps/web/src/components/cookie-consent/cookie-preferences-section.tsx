import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { openCookieSettings, openPrivacyCentre } from './cookie-consent-panel.ts';

/** SPEC section 2 lists cookies among the settings: the same dialogs as the footer's link, from the settings screen. */
export function CookiePreferencesSection() {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Stack spacing={1.5} component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('cookies.preferences.heading')}
      </Typography>
      <Typography color="text.secondary">{t('cookies.preferences.intro')}</Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" onClick={openCookieSettings}>
          {t('cookies.preferences.open')}
        </Button>
        <Button onClick={openPrivacyCentre}>{t('cookies.banner.privacyCentre')}</Button>
      </Stack>
    </Stack>
  );
}
