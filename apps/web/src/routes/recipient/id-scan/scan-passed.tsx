import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { IdScanEvidence } from '@signlink/contracts/id-scan/id-scan';
import { useTranslation } from 'react-i18next';
import { StepHeading } from './id-scan-steps.tsx';

/** What the scan read, for the person to see before they sign with it; never the full number. */
export function PassedStep({ evidence, needsFace }: { evidence: IdScanEvidence | null; needsFace: boolean }) {
  const { t, i18n } = useTranslation();
  // YYYY-MM-DD as a calendar date: read in UTC, or a time zone west of Greenwich shows the day before.
  const expiry = (date: string) => {
    const parsed = new Date(`${date}T00:00:00Z`);
    if (Number.isNaN(parsed.getTime())) return date;
    return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(parsed);
  };
  const rows = evidence
    ? [
        [t('idScan.passed.documentType'), t(`idScan.documentTypes.${evidence.DocumentType}`)],
        [t('idScan.passed.name'), evidence.NameRead],
        [t('idScan.passed.number'), `•••• ${evidence.NumberLast4}`],
        [t('idScan.passed.expiry'), expiry(evidence.ExpiryDate)],
      ]
    : [];
  return (
    <Box>
      <StepHeading>{t('idScan.passed.heading')}</StepHeading>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, my: 1 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {evidence && !evidence.NameMatches && (
        <Alert severity="warning" sx={{ my: 1 }}>
          {t('idScan.passed.nameMismatch')}
        </Alert>
      )}
      <Typography sx={{ mt: 1 }}>{needsFace ? t('idScan.passed.signLive') : t('idScan.passed.signInk')}</Typography>
    </Box>
  );
}
