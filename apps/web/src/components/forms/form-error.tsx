import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error.ts';
import { RequestIdNote } from '../dialogs/error-dialog.tsx';

/**
 * The i18n key to tell the person about a failed call: the catalogue's message for the server's code (SPEC section 8),
 * or the unexpected-error message for anything that is not an API answer.
 */
export function messageKeyOfFailure(error: unknown): string {
  return error instanceof ApiError ? error.messageKey : 'errors:unexpectedError';
}

/** A form's error line: announced when it appears; server failures quote the request id for support. */
export function FormError({ error, children }: { error?: unknown; children?: ReactNode }) {
  const { t } = useTranslation();
  if (!error && !children) return null;
  const requestId = error instanceof ApiError && error.status >= 500 ? error.requestId : null;
  return (
    <Alert severity="error" role="alert" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      {error ? t(messageKeyOfFailure(error)) : null}
      {children}
      <RequestIdNote requestId={requestId} />
    </Alert>
  );
}
