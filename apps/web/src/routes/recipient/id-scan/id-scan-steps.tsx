import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  idScanConsentVersion,
  type OfferedIdDocumentType,
  offeredIdDocumentTypes,
} from '@signlink/contracts/id-scan/id-scan';
import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A step's heading takes the focus when the step appears: a keyboard or screen-reader user starts reading the new
 * step from its top instead of from wherever the last button was.
 */
export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement | null>(null);
  // Before paint, in the commit that shows the step: a screen reader hears the new step at once.
  useLayoutEffect(() => ref.current?.focus(), []);
  return (
    <Typography ref={ref} tabIndex={-1} variant="h6" component="h3" sx={{ mb: 1.5, outline: 'none' }}>
      {children}
    </Typography>
  );
}

export function StartStep({ needsFace }: { needsFace: boolean }) {
  const { t } = useTranslation();
  return (
    <Box>
      <StepHeading>{t('idScan.start.heading')}</StepHeading>
      <Box component="ol" sx={{ pl: 3, my: 1, '& li': { mb: 1 } }}>
        <li>{t('idScan.start.consent')}</li>
        <li>{t('idScan.start.document')}</li>
        {needsFace && <li>{t('idScan.start.face')}</li>}
        <li>{needsFace ? t('idScan.start.signLive') : t('idScan.start.signInk')}</li>
      </Box>
      <Typography color="text.secondary">{t('idScan.start.duration', { minutes: needsFace ? 3 : 2 })}</Typography>
    </Box>
  );
}

export function ConsentStep() {
  const { t } = useTranslation();
  return (
    <Box>
      <StepHeading>{t('idScan.consent.heading')}</StepHeading>
      <Typography sx={{ mb: 1.5 }}>{t('idScan.consent.text')}</Typography>
      <Typography sx={{ mb: 1.5 }}>{t('idScan.consent.retention')}</Typography>
      <Typography variant="caption" color="text.secondary">
        {t('idScan.consent.version', { version: idScanConsentVersion })}
      </Typography>
    </Box>
  );
}

export function DeclinedStep() {
  const { t } = useTranslation();
  return (
    <Box>
      <StepHeading>{t('idScan.declined.heading')}</StepHeading>
      <Typography>{t('idScan.declined.text')}</Typography>
    </Box>
  );
}

export interface DocumentTypeStepProps {
  value: OfferedIdDocumentType | null;
  onChange: (value: OfferedIdDocumentType) => void;
  /** A refusal of the type chosen before (SCAN_WRONG_TYPE), in words. */
  error: string | null;
}

export function DocumentTypeStep({ value, onChange, error }: DocumentTypeStepProps) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Box>
      <StepHeading>{t('idScan.documentType.heading')}</StepHeading>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Typography id={labelId} sx={{ mb: 1 }}>
        {t('idScan.documentType.hint')}
      </Typography>
      <RadioGroup
        aria-labelledby={labelId}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value as OfferedIdDocumentType)}
      >
        {offeredIdDocumentTypes.map((type) => (
          <FormControlLabel key={type} value={type} control={<Radio />} label={t(`idScan.documentTypes.${type}`)} />
        ))}
      </RadioGroup>
    </Box>
  );
}

export function BusyMessage({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <CircularProgress size={20} aria-hidden />
      <Typography>{children}</Typography>
    </Stack>
  );
}
