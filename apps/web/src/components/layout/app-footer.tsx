import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { appVersion } from '@signlink/contracts/constants';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../brand/brand-context.tsx';

/** SPEC section 2: the footer says who provides the service, with a copyright line (and our version, DECISIONS). */
export function AppFooter() {
  const brand = useBrand();
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <Box component="footer" sx={{ py: 3, px: 2, textAlign: 'center', color: 'text.secondary' }}>
      <Typography variant="body2">{t('footer.providedBy', { providerName: brand.providerName })}</Typography>
      {/* Each part wraps as a unit, so a narrow screen never splits "Version" from its number. */}
      <Typography variant="caption" component="p" sx={{ mt: 0.5, '& > span': { display: 'inline-block' } }}>
        <span>{t('footer.copyright', { year, providerName: brand.providerName })}</span>{' '}
        <span>· {t('footer.version', { version: appVersion })}</span>
      </Typography>
    </Box>
  );
}
