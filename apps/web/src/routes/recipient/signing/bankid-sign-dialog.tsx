import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { uiSizes } from '@signlink/contracts/constants';
import type { SlotFormValues } from '@signlink/contracts/links/sign-ink';
import { useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../api/api-context.tsx';
import {
  BankIdFailure,
  BankIdProgress,
  BankIdStartOptions,
  BankIdWaiting,
} from '../../../components/bankid/bankid-dialog-content.tsx';
import { type BankIdApi, BankIdMachine, type BankIdState } from '../../../components/bankid/bankid-machine.ts';
import { detectBankIdDevice } from '../../../components/bankid/detect-bankid-device.ts';
import { createLinkSigningBankIdApi } from './recipient-api.ts';
import { timeZoneOffsetMinutes } from './time-zone.ts';

export interface BankIdSignDialogProps {
  linkId: string;
  requestToken: string;
  signatureIndex: number;
  slotLabel: string;
  /** The slot's text, date and checkbox values, kept with the signature. */
  formValues: SlotFormValues;
  /** The order completed and the server kept the signature for the slot. */
  onSigned: () => void;
  onCancel: () => void;
  /** The validate call failed with a catalogue error the page handles (SESSION_EXPIRED, DOCUMENT_WITHDRAWN…). */
  onError: (error: unknown) => void;
}

const noSubscription = () => () => undefined;

/**
 * Issue 8 part 6: a slot signed with BankID. The login dialog's machine and texts (SPEC section 4: persistent,
 * maximised on a phone, cancel after a delay) drive an order the link's endpoints start and validate for the slot.
 */
export function BankIdSignDialog(props: BankIdSignDialogProps) {
  const { linkId, requestToken, signatureIndex, slotLabel, formValues, onSigned, onCancel, onError } = props;
  const { t } = useTranslation();
  const client = useApiClient();
  const isSmallScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const titleId = useId();
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  // The values as they were when the dialog opened: it covers the page, so they cannot change meanwhile.
  const [openedWith] = useState(formValues);
  const api = useMemo<BankIdApi>(() => {
    const link = createLinkSigningBankIdApi(client, linkId, requestToken, {
      signatureIndex,
      timeZoneOffsetMinutes: timeZoneOffsetMinutes(),
      formValues: openedWith,
    });
    return {
      ...link,
      // The machine says "action cancelled" for any failed validation; the page also learns which one it was.
      validate: (key) =>
        link.validate(key).catch((error: unknown) => {
          onErrorRef.current(error);
          throw error;
        }),
    };
  }, [client, linkId, requestToken, signatureIndex, openedWith]);
  const [machine, setMachine] = useState<BankIdMachine | null>(null);
  useEffect(() => {
    // 'login' only names the order to the machine; the link's start call does not send it.
    const created = new BankIdMachine({ api, purpose: 'login', device: detectBankIdDevice(navigator) });
    setMachine(created);
    return () => created.dispose();
  }, [api]);
  const subscribe = useCallback(
    (listener: () => void) => (machine ? machine.subscribe(listener) : noSubscription()),
    [machine],
  );
  const state = useSyncExternalStore(subscribe, () => machine?.getState() ?? null);
  useEffect(() => {
    if (!machine) return;
    const onVisible = () => document.visibilityState === 'visible' && machine.recheck();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [machine]);
  const isDone = state?.subState === 'done';
  const onSignedRef = useRef(onSigned);
  onSignedRef.current = onSigned;
  useEffect(() => {
    if (isDone) onSignedRef.current();
  }, [isDone]);

  return (
    <Dialog
      open
      fullScreen={isSmallScreen}
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
      sx={{ zIndex: uiSizes.dialogZIndex }}
      slotProps={{ paper: { sx: { minHeight: uiSizes.dialogMinHeight, display: 'flex', flexDirection: 'column' } } }}
    >
      <DialogTitle id={titleId}>{t('recipientDocument.bankId.title', { label: slotLabel })}</DialogTitle>
      <BankIdSignBody
        machine={machine}
        state={state}
        onCancel={() => {
          machine?.cancel();
          onCancel();
        }}
      />
    </Dialog>
  );
}

function BankIdSignBody(props: { machine: BankIdMachine | null; state: BankIdState | null; onCancel: () => void }) {
  const { machine, state, onCancel } = props;
  const { t } = useTranslation();
  const cancelButton = (
    <Button onClick={onCancel} color="inherit">
      {t('common.cancel')}
    </Button>
  );
  if (!machine || !state || state.step === 'loading') {
    return (
      <DialogContent>
        <BankIdProgress message={state ? t('bankId.loading') : undefined} />
      </DialogContent>
    );
  }
  if (state.step === 'start') {
    return (
      <>
        <DialogContent>
          {state.subState === 'cancelled' ? (
            <BankIdFailure state={state} />
          ) : (
            <BankIdStartOptions state={state} onChoose={(option) => void machine.choose(option)} />
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {cancelButton}
          {state.subState === 'cancelled' && (
            <Button variant="contained" onClick={() => void machine.restart()}>
              {t('common.tryAgain')}
            </Button>
          )}
        </DialogActions>
      </>
    );
  }
  if (state.subState === 'done') {
    return (
      <DialogContent>
        <Typography role="status" sx={{ textAlign: 'center', py: 2 }}>
          {t('recipientDocument.bankId.signed')}
        </Typography>
      </DialogContent>
    );
  }
  return (
    <>
      <DialogContent>
        <BankIdWaiting state={state} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, minHeight: 52 }}>{state.canCancel && cancelButton}</DialogActions>
    </>
  );
}
