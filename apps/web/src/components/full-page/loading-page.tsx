import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * SPEC section 2: a spinner with a loading message. No header: on the recipient side the owner's logo is not known
 * yet, and showing the brand logo first would flash.
 */
export function LoadingPage({ message }: { message?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2.5,
        bgcolor: 'background.default',
      }}
    >
      <CircularProgress size={48} />
      <Typography color="text.secondary">{message ?? t('states.loading')}</Typography>
    </Box>
  );
}
