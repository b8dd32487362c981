import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { BankIdPurpose, ValidateBankIdResponse } from '@signlink/contracts/bankid/bankid-orders';
import type { ValidateOrgNumberResponse } from '@signlink/contracts/bankid/org-number-bankid';
import { uiSizes } from '@signlink/contracts/constants';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BankIdFailure, BankIdProgress, BankIdStartOptions, BankIdWaiting } from './bankid-dialog-content.tsx';
import type { BankIdApi, BankIdDevice, BankIdDialogPurpose, BankIdUser, BankIdValidation } from './bankid-machine.ts';
import { detectBankIdDevice } from './detect-bankid-device.ts';
import { useBankIdMachine } from './use-bankid-machine.ts';

/** A completed organisation-number order: its key proves the check to `POST accounts` (the add-company wizard). */
export interface OrgNumberProof {
  clientAccessKey: string;
  user: BankIdUser;
  company: NonNullable<ValidateOrgNumberResponse['Company']>;
}

interface AppOrderProps {
  purpose: BankIdPurpose | 'link-access';
  orgNumber?: undefined;
  /**
   * The identity BankID confirmed and the server validated, with the server's whole answer: a login's `Auth`
   * (the person has a user) or `PersonalNumberToken` (they have none yet).
   */
  onDone: (user: BankIdUser, result: ValidateBankIdResponse) => void;
}

interface OrgNumberOrderProps {
  purpose: 'org-validation';
  /** The company the person proves they may act for (SPEC section 5), 10 digits. */
  orgNumber: string;
  /** The registry lists the person for the company; the order is not used up until its key is. */
  onDone: (proof: OrgNumberProof) => void;
}

export type BankIdDialogProps = (AppOrderProps | OrgNumberOrderProps) & {
  open: boolean;
  /** The person left with Cancel; a waiting order has been cancelled. */
  onCancel: () => void;
  /** Which start options to offer; detected from the browser when omitted. */
  device?: BankIdDevice;
  /** The order's calls when they are not the app's own: a link's BankID gate (its validate opens the link). */
  api?: BankIdApi;
  /** The title when the purpose's own does not fit: a recipient's signature names the slot it signs. */
  title?: string;
  /** What the dialog says once the order is done; "identification done" when omitted. */
  doneMessage?: string;
  /** Below the order: a link's gate shows the privacy information and the language here, as the header is hidden. */
  footer?: ReactNode;
};

const titleKeys: Record<BankIdDialogPurpose, string> = {
  login: 'bankId.title.login',
  registration: 'bankId.title.registration',
  'org-validation': 'bankId.title.orgNumber',
  'link-access': 'bankId.title.linkAccess',
};

/** Hands a completed order to the caller in the shape its purpose promises. */
function finish(props: BankIdDialogProps, user: BankIdUser, result: BankIdValidation, clientAccessKey: string) {
  if (props.purpose !== 'org-validation') {
    props.onDone(user, result);
    return;
  }
  // The server answers complete only with the company it checked; without one the order proves nothing.
  if (result.Company) props.onDone({ clientAccessKey, user, company: result.Company });
}

/**
 * SPEC section 2 and 4's BankID access dialog: persistent (no onClose: neither Escape nor a click outside closes it, only Cancel) and
 * maximised on small screens. Each opening starts a fresh machine, so nothing of an earlier order lingers.
 */
export function BankIdDialog(props: BankIdDialogProps) {
  const { open, purpose, orgNumber, onCancel, device, api, title, doneMessage, footer } = props;
  const { t } = useTranslation();
  const theme = useTheme();
  const isSmallScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog
      open={open}
      fullScreen={isSmallScreen}
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
      sx={{ zIndex: uiSizes.dialogZIndex }}
      slotProps={{ paper: { sx: { minHeight: uiSizes.dialogMinHeight, display: 'flex', flexDirection: 'column' } } }}
    >
      <DialogTitle id={titleId}>{title ?? t(titleKeys[purpose])}</DialogTitle>
      {open && (
        <BankIdDialogBody
          purpose={purpose}
          orgNumber={orgNumber}
          device={device ?? detectBankIdDevice(navigator)}
          api={api}
          doneMessage={doneMessage}
          onDone={(user, result, key) => finish(props, user, result, key)}
          onCancel={onCancel}
        />
      )}
      {footer && <Box sx={{ px: 3, pb: 2 }}>{footer}</Box>}
    </Dialog>
  );
}

interface BankIdDialogBodyProps {
  purpose: BankIdDialogPurpose;
  orgNumber?: string;
  device: BankIdDevice;
  api?: BankIdApi;
  doneMessage?: string;
  onDone: (user: BankIdUser, result: BankIdValidation, clientAccessKey: string) => void;
  onCancel: () => void;
}

function BankIdDialogBody({ purpose, orgNumber, device, api, doneMessage, onDone, onCancel }: BankIdDialogBodyProps) {
  const { t } = useTranslation();
  const { machine, state } = useBankIdMachine(purpose, device, orgNumber, api);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  const user = state?.subState === 'done' ? state.user : undefined;
  const result = state?.subState === 'done' ? state.result : undefined;
  const clientAccessKey = state?.clientAccessKey;
  useEffect(() => {
    if (user && result && clientAccessKey) onDoneRef.current(user, result, clientAccessKey);
  }, [user, result, clientAccessKey]);

  if (!machine || !state || state.step === 'loading') {
    return (
      <DialogContent>
        <BankIdProgress message={state ? t('bankId.loading') : undefined} />
      </DialogContent>
    );
  }

  const cancel = () => {
    machine.cancel();
    onCancel();
  };
  const cancelButton = (
    <Button onClick={cancel} color="inherit">
      {t('common.cancel')}
    </Button>
  );

  if (state.step === 'start') {
    return (
      <>
        <DialogContent>
          <BankIdStartOptions state={state} onChoose={(option) => void machine.choose(option)} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>{cancelButton}</DialogActions>
      </>
    );
  }

  if (state.subState === 'cancelled') {
    return (
      <>
        <DialogContent>
          <BankIdFailure state={state} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {cancelButton}
          <Button variant="contained" onClick={() => void machine.restart()}>
            {t('common.tryAgain')}
          </Button>
        </DialogActions>
      </>
    );
  }

  if (state.subState === 'done') {
    return (
      <DialogContent>
        <Typography role="status" sx={{ textAlign: 'center', py: 2 }}>
          {doneMessage ?? t('bankId.hints.done')}
        </Typography>
      </DialogContent>
    );
  }

  return (
    <>
      <DialogContent>
        <BankIdWaiting state={state} />
      </DialogContent>
      {/* SPEC section 4: the cancel button appears after timings.bankIdCancelButtonDelayMs. */}
      <DialogActions sx={{ px: 3, pb: 2, minHeight: 52 }}>{state.canCancel && cancelButton}</DialogActions>
    </>
  );
}
