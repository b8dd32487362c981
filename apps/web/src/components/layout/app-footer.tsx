import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { appVersion } from '@signlink/contracts/constants';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../brand/brand-context.tsx';
import { openCookieSettings } from '../cookie-consent/cookie-consent-panel.ts';

/**
 * SPEC section 2: the footer says who provides the service, with a copyright line (and our version, DECISIONS), and
 * leads to the cookie settings in both frames.
 */
export function AppFooter() {
  const brand = useBrand();
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <Box component="footer" sx={{ py: 3, px: 2, textAlign: 'center', color: 'text.secondary' }}>
      <Typography variant="body2">{t('footer.providedBy', { providerName: brand.providerName })}</Typography>
      <Box component="nav" aria-label={t('footer.links')} sx={{ display: 'flex', justifyContent: 'center', gap: 2 }}>
        <Link href="#/help" variant="body2">
          {t('footer.help')}
        </Link>
        <Link component="button" variant="body2" onClick={openCookieSettings}>
          {t('footer.cookies')}
        </Link>
      </Box>
      <Typography variant="caption" component="p" sx={{ mt: 0.5 }}>
        {t('footer.copyright', { year, providerName: brand.providerName })}
      </Typography>
      <Typography variant="caption" component="p">
        {t('footer.version', { version: appVersion })}
      </Typography>
    </Box>
  );
}
