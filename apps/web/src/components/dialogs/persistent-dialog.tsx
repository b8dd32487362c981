import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { AppDialog } from './app-dialog.tsx';

export interface PersistentOptions {
  title?: ReactNode;
  message: ReactNode;
  /** Shows a spinner beside the message, for work in progress (e.g. switching account). */
  busy?: boolean;
}

/** A dialog without buttons that only the code that opened it can close. */
export function PersistentDialog({ title, message, busy = false }: PersistentOptions) {
  return (
    <AppDialog title={title}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minHeight: 120 }}>
        {busy && <CircularProgress size={32} />}
        <Typography color="text.secondary">{message}</Typography>
      </Stack>
    </AppDialog>
  );
}
