import Box from '@mui/material/Box';
import { setLanguageRoute } from '@signlink/contracts/auth/user.routes';
import { isLocale, locales } from '@signlink/contracts/locales';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context.tsx';
import { useSignedInUser } from '../../api/session-context.tsx';
import { currentLocale } from '../../i18n/create-app-i18n.ts';

/**
 * en-us / sv / es. A native select: it is the best picker on phones and needs no popup layer. It looks like MUI's
 * NativeSelect without underline but is a plain `<select>`: the header is on every page, the recipient's first one
 * too, and NativeSelect brings MUI's whole text-input stack (about 5 KB gzip) to pages without a text field. The
 * i18n instance stores the choice and updates `<html lang>` on every change (create-app-i18n.ts). A signed-in
 * user's choice is also saved on the server (`POST user/lang`), so the e-mails and texts sent to them follow it.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const client = useApiClient();
  const isSignedIn = useSignedInUser() !== null;
  return (
    <Box
      sx={{
        position: 'relative',
        display: 'inline-flex',
        alignItems: 'center',
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
        // The select draws no ring of its own (it is styled flat): the box around it shows the keyboard's focus
        // (WCAG 2.4.7), in the header's own text colour so it shows on either brand's bar.
        '&:has(select:focus-visible)': { outline: '2px solid currentColor', outlineOffset: '2px', opacity: 1 },
      }}
    >
      <Box
        component="select"
        id={id}
        value={currentLocale(i18n)}
        onChange={(event) => {
          const lang = event.target.value;
          if (!isLocale(lang)) return;
          void i18n.changeLanguage(lang);
          // Best effort: the screen has changed language already, and the next change saves it again.
          if (isSignedIn) client.api(setLanguageRoute, { body: { lang } }, { silent: true }).catch(() => undefined);
        }}
        aria-label={t('language.label')}
        sx={{
          appearance: 'none',
          font: 'inherit',
          lineHeight: '1.4375em',
          color: 'inherit',
          bgcolor: 'transparent',
          border: 0,
          borderRadius: 0,
          outline: 0,
          m: 0,
          py: 0.75,
          pl: 0,
          pr: 3,
          cursor: 'pointer',
          // The options list is drawn by the browser in its own colours; keep it readable on any header.
          '& option': { color: '#212121' },
        }}
      >
        {locales.map((locale) => (
          <option key={locale} value={locale}>
            {t(`language.names.${locale}`)}
          </option>
        ))}
      </Box>
      {/* MUI's drop-down arrow, where NativeSelect draws it. */}
      <Box
        component="svg"
        viewBox="0 0 24 24"
        aria-hidden="true"
        sx={{
          position: 'absolute',
          right: 0,
          top: 'calc(50% - 0.5em)',
          width: '1em',
          height: '1em',
          fontSize: '1.5rem',
          fill: 'currentColor',
          pointerEvents: 'none',
        }}
      >
        <path d="M7 10l5 5 5-5z" />
      </Box>
    </Box>
  );
}
