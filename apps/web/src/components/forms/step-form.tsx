import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { FormError } from './form-error.tsx';

/** One call at a time, its failure kept for the error line; `isChecked` shows the field rules after a first try. */
export function useStepCall() {
  const [isProcessing, setIsProcessing] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [isChecked, setIsChecked] = useState(false);
  async function run(call: () => Promise<void>) {
    setIsProcessing(true);
    setFailure(null);
    try {
      await call();
    } catch (error) {
      setFailure(error);
    } finally {
      setIsProcessing(false);
    }
  }
  return { isProcessing, failure, isChecked, check: () => setIsChecked(true), run };
}

export interface StepFormProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  failure: unknown;
  isProcessing: boolean;
  submitLabel: string;
  onSubmit: () => void;
  onBack?: () => void;
}

/** A registration step: heading, fields, the error line, back (where sensible) and continue. */
export function StepForm({
  title,
  intro,
  children,
  failure,
  isProcessing,
  submitLabel,
  onSubmit,
  onBack,
}: StepFormProps) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isProcessing) onSubmit();
  };
  // SPEC section 8: the phone or e-mail is registered already, so log in instead.
  const isExisting = failure instanceof ApiError && failure.code === 'ACCOUNT_EXISTS';
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={title}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
        {title}
      </Typography>
      {intro && <Typography color="text.secondary">{intro}</Typography>}
      {children}
      {Boolean(failure) && (
        <FormError error={failure}>
          {isExisting && (
            <>
              {' '}
              <Link component={RouterLink} to="/login">
                {t('auth.registration.logInInstead')}
              </Link>
            </>
          )}
        </FormError>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: onBack ? 'space-between' : 'flex-end', pt: 1 }}>
        {onBack && (
          <Button onClick={onBack} disabled={isProcessing}>
            {t('common.back')}
          </Button>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={isProcessing}
          startIcon={isProcessing ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
