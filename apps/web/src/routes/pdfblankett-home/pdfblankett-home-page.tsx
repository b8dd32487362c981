import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useBrand } from '../../brand/brand-context.tsx';
import { PageLayout } from '../../components/layout/page-layout.tsx';

const features = ['upload', 'send', 'sign'] as const;

/** The second brand's home (SPEC section 2, /pdfblankett): what the service does, and the way in. */
export function PdfblankettHomePage() {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <PageLayout>
      <Box sx={{ maxWidth: 1000, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 5, sm: 8 }, width: '100%' }}>
        <Box sx={{ textAlign: 'center', maxWidth: 680, mx: 'auto' }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.875rem', sm: '2.5rem' }, mb: 2 }}>
            {t('pdfblankettHome.heading')}
          </Typography>
          <Typography color="text.secondary" sx={{ fontSize: { xs: '1rem', sm: '1.125rem' }, lineHeight: 1.6 }}>
            {t('pdfblankettHome.lead', { brandName: brand.name })}
          </Typography>
          <Box sx={{ mt: 4, display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/createaccount" variant="contained" size="large">
              {t('pdfblankettHome.createAccount')}
            </Button>
            <Button component={RouterLink} to="/login" variant="outlined" size="large">
              {t('common.logIn')}
            </Button>
          </Box>
        </Box>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            mt: { xs: 5, sm: 8 },
            mb: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
          }}
        >
          {features.map((feature, index) => (
            <Paper key={feature} component="li" variant="outlined" sx={{ p: 3 }}>
              <Box
                aria-hidden
                sx={{
                  width: 36,
                  height: 36,
                  borderRadius: '50%',
                  bgcolor: 'secondary.main',
                  color: 'secondary.contrastText',
                  display: 'grid',
                  placeItems: 'center',
                  fontWeight: 700,
                  mb: 1.5,
                }}
              >
                {index + 1}
              </Box>
              <Typography variant="h3" component="h2" sx={{ fontSize: '1.125rem', mb: 0.75 }}>
                {t(`pdfblankettHome.features.${feature}.title`)}
              </Typography>
              <Typography color="text.secondary" variant="body2" sx={{ lineHeight: 1.6 }}>
                {t(`pdfblankettHome.features.${feature}.text`)}
              </Typography>
            </Paper>
          ))}
        </Box>
      </Box>
    </PageLayout>
  );
}
