import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Where a sign-up stands: the steps with short labels (they fit a phone), and "step 2 of 5" in words. */
export function RegistrationStepper({ steps, active }: { steps: readonly string[]; active: string }) {
  const { t } = useTranslation();
  const activeIndex = steps.indexOf(active);
  return (
    <>
      <Stepper activeStep={activeIndex} alternativeLabel sx={{ mb: 3, mx: -1 }}>
        {steps.map((step) => (
          <Step key={step}>
            <StepLabel
              sx={{ '& .MuiStepLabel-label': { fontSize: '0.75rem', mt: '6px !important' } }}
              aria-current={step === active ? 'step' : undefined}
            >
              {t(`auth.registration.steps.${step}`)}
            </StepLabel>
          </Step>
        ))}
      </Stepper>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('auth.registration.stepOf', { step: activeIndex + 1, count: steps.length })}
      </Typography>
    </>
  );
}
