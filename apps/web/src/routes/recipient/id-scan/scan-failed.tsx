import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { StepHeading } from './id-scan-steps.tsx';

/** The vendor's check failed: the catalogue's message for why; the dialog offers to try again. */
export function ScanFailedStep({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Box>
      <StepHeading>{t('idScan.failed.heading')}</StepHeading>
      <Alert severity="error">{message}</Alert>
    </Box>
  );
}
