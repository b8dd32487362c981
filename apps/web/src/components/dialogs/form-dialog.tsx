import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from './app-dialog.tsx';

export interface FormDialogProps {
  title: string;
  intro: ReactNode;
  submitLabel: string;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  /** While the request runs: a spinner on the button, which stays disabled. */
  isProcessing: boolean;
  /** The form cannot be sent as it stands (a rule the dialog explains). */
  isSubmitDisabled?: boolean;
  isFullScreenOnPhone?: boolean;
  children: ReactNode;
}

/**
 * A dialog that is one form (invite a user, add a customer, add a personal account): the intro, the fields, and
 * cancel and send below, the send button submitting the form so Enter in a field sends it too.
 */
export function FormDialog({
  title,
  intro,
  submitLabel,
  onSubmit,
  onClose,
  isProcessing,
  isSubmitDisabled = false,
  isFullScreenOnPhone,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  return (
    <AppDialog
      title={title}
      onClose={onClose}
      isFullScreenOnPhone={isFullScreenOnPhone}
      actions={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="submit"
            form={formId}
            variant="contained"
            disabled={isProcessing || isSubmitDisabled}
            startIcon={isProcessing ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {submitLabel}
          </Button>
        </>
      }
    >
      <Stack
        component="form"
        id={formId}
        noValidate
        onSubmit={onSubmit}
        spacing={2.5}
        aria-label={title}
        sx={{ pt: 1 }}
      >
        <Typography color="text.secondary">{intro}</Typography>
        {children}
      </Stack>
    </AppDialog>
  );
}
