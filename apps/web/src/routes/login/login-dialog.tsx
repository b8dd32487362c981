import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AuthState } from '@signlink/contracts/auth/auth-state';
import { messageKeyOf } from '@signlink/contracts/errors/error-codes';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context.tsx';
import { ApiError } from '../../api/api-error.ts';
import { createAuthApi } from '../../api/auth-api.ts';
import { AppDialog } from '../../components/dialogs/app-dialog.tsx';
import { PasswordField } from '../../components/forms/password-field.tsx';
import { HelpLink } from '../../components/help/help-link.tsx';

export interface LoginDialogProps {
  open: boolean;
  onClose: () => void;
  /** The server's answer to a right e-mail and password. */
  onLoggedIn: (auth: AuthState) => void;
  /** "Use BankID instead": the dialog closes and the BankID login opens. */
  onUseBankId: () => void;
}

/**
 * SPEC section 2's login dialog: e-mail, password with show/hide, an error line, log in, and BankID instead.
 * Section 4: idle, processing (inputs disabled), back to idle with an error on failure. Section 5: login starts only
 * when both fields are filled. Section 8: a 401 is the bad-login message, anything else the unexpected-error one.
 */
export function LoginDialog({ open, onClose, onLoggedIn, onUseBankId }: LoginDialogProps) {
  const { t } = useTranslation();
  const client = useApiClient();
  const formId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [isProcessing, setIsProcessing] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const canSubmit = email.trim() !== '' && password !== '' && !isProcessing;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setIsProcessing(true);
    setErrorKey(null);
    try {
      const auth = await createAuthApi(client).loginWithPassword({ email: email.trim(), password });
      onLoggedIn(auth);
    } catch (error) {
      const isBadLogin = error instanceof ApiError && error.status === 401;
      setErrorKey(messageKeyOf(isBadLogin ? 'BAD_CREDENTIALS' : 'UNEXPECTED_ERROR'));
      setIsProcessing(false);
    }
  };

  return (
    <AppDialog
      open={open}
      title={t('auth.loginDialog.title')}
      onClose={isProcessing ? undefined : onClose}
      actions={
        <Box
          sx={{
            width: '100%',
            display: 'flex',
            flexDirection: { xs: 'column-reverse', sm: 'row' },
            justifyContent: 'space-between',
            gap: 1,
          }}
        >
          <Button onClick={onUseBankId} disabled={isProcessing}>
            {t('auth.loginDialog.useBankId')}
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="contained"
            disabled={!canSubmit}
            startIcon={isProcessing ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('common.logIn')}
          </Button>
        </Box>
      }
    >
      <Stack
        component="form"
        id={formId}
        noValidate
        onSubmit={(event) => void submit(event)}
        spacing={2}
        sx={{ pt: 1 }}
      >
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          disabled={isProcessing}
          autoFocus
          fullWidth
        />
        <PasswordField
          label={t('auth.fields.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          disabled={isProcessing}
          fullWidth
        />
        <Typography role="alert" color="error" variant="body2" sx={{ minHeight: '1.5em' }}>
          {errorKey ? t(errorKey) : ''}
        </Typography>
        <HelpLink slug="logging-in" />
      </Stack>
    </AppDialog>
  );
}
