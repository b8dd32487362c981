import NativeSelect from '@mui/material/NativeSelect';
import { isLocale, locales } from '@signlink/contracts/locales';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context.tsx';
import { useSignedInUser } from '../../api/session-context.tsx';
import { currentLocale } from '../../i18n/create-app-i18n.ts';

/**
 * en-us / sv / es. A native select: it is the best picker on phones and needs no popup layer. The i18n instance
 * stores the choice and updates `<html lang>` on every change (create-app-i18n.ts). A signed-in user's choice is
 * also saved on the server (`POST user/lang`), so the e-mails and texts sent to them follow it.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const client = useApiClient();
  const isSignedIn = useSignedInUser() !== null;
  return (
    <NativeSelect
      id={id}
      value={currentLocale(i18n)}
      onChange={(event) => {
        const lang = event.target.value;
        if (!isLocale(lang)) return;
        void i18n.changeLanguage(lang);
        // Best effort: the screen has changed language already, and the next change saves it again.
        if (isSignedIn) client.post('user/lang', { lang }, { silent: true }).catch(() => undefined);
      }}
      disableUnderline
      inputProps={{ 'aria-label': t('language.label') }}
      sx={{
        color: 'inherit',
        fontSize: '0.875rem',
        fontWeight: 600,
        borderRadius: 1,
        px: 1,
        border: '1px solid',
        borderColor: 'currentColor',
        opacity: 0.9,
        // The logo and slogan give way on a narrow header; the language names stay readable.
        flexShrink: 0,
        '& select': { py: 0.75 },
        '& svg': { color: 'inherit' },
        // The options list is drawn by the browser in its own colours; keep it readable on any header.
        '& option': { color: '#212121' },
      }}
    >
      {locales.map((locale) => (
        <option key={locale} value={locale}>
          {t(`language.names.${locale}`)}
        </option>
      ))}
    </NativeSelect>
  );
}
