import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { openCookieSettings, openPrivacyCentre } from './cookie-consent-panel.ts';
import { acceptAllChoice, type CookieChoice, necessaryOnlyChoice } from './cookie-consent-store.ts';

/**
 * The first visit's question (SPEC section 2, cookie banner): a sheet stuck to the bottom of the page, not a modal.
 * It traps no focus and, sticky at the end of the page rather than fixed over it, never hides the page's last
 * controls for good: scrolled to the end, the page stops above it. Refusing is one click, as accepting is.
 */
export function CookieBanner({ onDecide }: { onDecide: (choice: CookieChoice) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      square
      elevation={8}
      // Under the dialogs (a link's gate comes first), over the page's own bars.
      sx={(theme) => ({ position: 'sticky', bottom: 0, zIndex: theme.zIndex.appBar + 1, px: { xs: 2, sm: 3 }, py: 2 })}
    >
      <Box
        sx={{
          maxWidth: 1200,
          mx: 'auto',
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          alignItems: { md: 'center' },
          gap: { xs: 1.5, md: 3 },
        }}
      >
        <Box sx={{ flex: '1 1 auto' }}>
          <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('cookies.banner.title')}
          </Typography>
          <Typography variant="body2">
            {t('cookies.banner.text')}{' '}
            <Link component="button" variant="body2" onClick={openPrivacyCentre} sx={{ verticalAlign: 'baseline' }}>
              {t('cookies.banner.privacyCentre')}
            </Link>
          </Typography>
        </Box>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, flexShrink: 0 }}>
          <Button variant="contained" onClick={() => onDecide(acceptAllChoice)}>
            {t('cookies.banner.acceptAll')}
          </Button>
          <Button variant="contained" onClick={() => onDecide(necessaryOnlyChoice)}>
            {t('cookies.banner.necessaryOnly')}
          </Button>
          <Button variant="outlined" onClick={openCookieSettings}>
            {t('cookies.banner.settings')}
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}
