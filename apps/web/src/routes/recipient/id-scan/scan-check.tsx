import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type IdScanState, idScanLimits } from '@signlink/contracts/id-scan/id-scan';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import type { IdScanApi } from './id-scan-api.ts';
import { BusyMessage, StepHeading } from './id-scan-steps.tsx';

export interface CheckStepProps {
  api: IdScanApi;
  scanId: string;
  pollMs: number;
  /** The vendor answered: passed or failed (or the scan was removed meanwhile). */
  onSettled: (state: IdScanState) => void;
  /** The state could not be read (not a passing network failure): the dialog says why. */
  onError: (error: unknown) => void;
  /** Gave up waiting: the scan starts over. */
  onRetry: () => void;
}

/**
 * The vendor's check runs on its side and its answer reaches the server by webhook: the page asks for the state every
 * `pollMs` until it settles, and after idScanLimits.checkTimeoutSeconds offers to start over or keep waiting.
 */
export function CheckStep({ api, scanId, pollMs, onSettled, onError, onRetry }: CheckStepProps) {
  const { t } = useTranslation();
  const [isSlow, setIsSlow] = useState(false);
  const callbacks = useRef({ onSettled, onError });
  callbacks.current = { onSettled, onError };

  // Waiting again ("keep waiting") starts a new round with its own time limit.
  useEffect(() => {
    if (isSlow) return;
    let isCancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const giveUpAt = Date.now() + idScanLimits.checkTimeoutSeconds * 1000;
    const schedule = () => {
      timer = setTimeout(() => void poll(), pollMs);
    };
    const poll = async () => {
      if (Date.now() > giveUpAt) return setIsSlow(true);
      try {
        const state = await api.find(scanId);
        if (isCancelled) return;
        if (state.Status === 'checking' || state.Status === 'collecting') return schedule();
        callbacks.current.onSettled(state);
      } catch (error) {
        if (isCancelled) return;
        // A phone on the move loses the network for a moment: the check goes on meanwhile.
        if (error instanceof ApiError && error.isNetworkFailure) return schedule();
        callbacks.current.onError(error);
      }
    };
    schedule();
    return () => {
      isCancelled = true;
      clearTimeout(timer);
    };
  }, [api, scanId, pollMs, isSlow]);

  return (
    <Box>
      <StepHeading>{t('idScan.check.heading')}</StepHeading>
      <Box role="status" aria-live="polite">
        {isSlow ? (
          <Typography>{t('idScan.check.slow')}</Typography>
        ) : (
          <BusyMessage>{t('idScan.check.checking')}</BusyMessage>
        )}
      </Box>
      {isSlow && (
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button color="inherit" onClick={() => setIsSlow(false)}>
            {t('idScan.check.keepWaiting')}
          </Button>
          <Button variant="contained" onClick={onRetry}>
            {t('idScan.tryAgain')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
