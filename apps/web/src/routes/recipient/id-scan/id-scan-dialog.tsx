import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { LinkStatusResponse } from '@signlink/contracts/links/link-access';
import type { SlotFormValues } from '@signlink/contracts/links/sign-ink';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../api/api-context.tsx';
import { AppDialog } from '../../../components/dialogs/app-dialog.tsx';
import type { SignatureSubmission } from '../signing/ink-data.ts';
import type { CreateInkPad } from '../signing/ink-pad.ts';
import { InkSignDialog } from '../signing/ink-sign-dialog.tsx';
import { timeZoneOffsetMinutes } from '../signing/time-zone.ts';
import { createIdScanApi } from './id-scan-api.ts';
import { ConsentStep, DeclinedStep, DocumentTypeStep, StartStep } from './id-scan-steps.tsx';
import { PhotoCapture } from './photo-capture.tsx';
import { CheckStep } from './scan-check.tsx';
import { ScanFailedStep } from './scan-failed.tsx';
import { PassedStep } from './scan-passed.tsx';
import { useIdScan } from './use-id-scan.ts';

export interface IdScanDialogProps {
  linkId: string;
  requestToken: string;
  /** The slot being signed: type 5 (the scan, then ink) or 6 (the scan with a live check is the signature). */
  slot: { index: number; label: string; type: number; clarifiedName: string | null };
  askClarifiedName: boolean;
  /** The slot's text, date and checkbox values, kept with the signature. */
  formValues: SlotFormValues;
  onSigned: (status: LinkStatusResponse) => void;
  onCancel: () => void;
  /** A failure the page handles (SESSION_EXPIRED, a refused signature…). */
  onError: (error: unknown) => void;
  /** How often the check's state is read; tests ask sooner. */
  pollMs?: number;
  createPad?: CreateInkPad;
}

/**
 * Signing a slot with an ID scan (SPEC section 5): what will happen, consent to biometric processing, the document's
 * photos, the face for a live check, the vendor's check, then the signature. Fills a phone's screen.
 */
export function IdScanDialog(props: IdScanDialogProps) {
  const { linkId, requestToken, slot, askClarifiedName, onSigned, onCancel, onError } = props;
  const { t } = useTranslation();
  const client = useApiClient();
  const api = useMemo(() => createIdScanApi(client, linkId, requestToken), [client, linkId, requestToken]);
  const needsFace = slot.type === 6;
  const scan = useIdScan({ api, signatureIndex: slot.index, needsFace, onError });
  const { step, goTo, isBusy, error } = scan;
  // The values as they were when the dialog opened: it covers the page, so they cannot change meanwhile.
  const [formValues] = useState(props.formValues);
  const [isSigning, setIsSigning] = useState(false);

  const close = () => {
    scan.discard();
    onCancel();
  };
  const signed = { SignatureIndex: slot.index, AllowServerSubmit: true, FormValues: formValues };
  const signLive = async () => {
    const scanId = scan.scanId();
    if (!scanId) return;
    setIsSigning(true);
    try {
      onSigned(await api.signLive({ ...signed, IdScanId: scanId, TimeZoneOffsetMinutes: timeZoneOffsetMinutes() }));
    } catch (caught) {
      setIsSigning(false);
      onError(caught);
    }
  };
  const signInk = async (signature: SignatureSubmission, clarifiedName: string | undefined) => {
    const scanId = scan.scanId();
    if (!scanId) return;
    try {
      const status = await api.signInk({
        ...signature,
        ...signed,
        IdScanId: scanId,
        TimeZoneOffsetMinutes: timeZoneOffsetMinutes(),
        ClarifiedName: clarifiedName,
      });
      onSigned(status);
    } catch (caught) {
      onError(caught);
      throw caught;
    }
  };

  if (step.name === 'ink') {
    return (
      <InkSignDialog
        slotLabel={slot.label}
        askClarifiedName={askClarifiedName}
        defaultClarifiedName={slot.clarifiedName ?? undefined}
        onSubmit={signInk}
        onCancel={close}
        createPad={props.createPad}
      />
    );
  }

  const busyIcon = isBusy || isSigning ? <CircularProgress size={16} color="inherit" /> : undefined;
  const cancelButton = (label = t('common.cancel')) => (
    <Button key="cancel" color="inherit" onClick={close} disabled={isSigning}>
      {label}
    </Button>
  );
  const main = (label: string, onClick: () => void, isDisabled = false) => (
    <Button
      key="main"
      variant="contained"
      onClick={onClick}
      disabled={isBusy || isSigning || isDisabled}
      startIcon={busyIcon}
    >
      {label}
    </Button>
  );
  const actionsOf = () => {
    switch (step.name) {
      case 'start':
        return [cancelButton(), main(t('idScan.start.continue'), () => goTo({ name: 'consent' }))];
      case 'consent':
        return [
          <Button key="decline" color="inherit" onClick={() => goTo({ name: 'declined' })} disabled={isBusy}>
            {t('idScan.consent.decline')}
          </Button>,
          main(t('idScan.consent.accept'), () => void scan.accept()),
        ];
      case 'declined':
        return [cancelButton(t('common.close')), main(t('idScan.declined.back'), () => goTo({ name: 'consent' }))];
      case 'documentType':
        return [cancelButton(), main(t('idScan.documentType.continue'), scan.choose, !scan.documentType)];
      case 'failed':
        return [cancelButton(t('common.close')), main(t('idScan.tryAgain'), () => void scan.retry())];
      case 'passed':
        return needsFace
          ? [
              cancelButton(),
              main(isSigning ? t('idScan.passed.signing') : t('idScan.passed.sign'), () => void signLive()),
            ]
          : [cancelButton(), main(t('idScan.passed.continue'), () => goTo({ name: 'ink' }))];
      default:
        return [cancelButton()];
    }
  };
  const stepContent = () => {
    switch (step.name) {
      case 'start':
        return <StartStep needsFace={needsFace} />;
      case 'consent':
        return <ConsentStep />;
      case 'declined':
        return <DeclinedStep />;
      case 'documentType':
        return <DocumentTypeStep value={scan.documentType} onChange={scan.setDocumentType} error={error} />;
      case 'document':
        return (
          <PhotoCapture
            key={`document-${step.side}`}
            facingMode="environment"
            instructions={t(`idScan.document.${scan.documentType ?? 'passport'}.${step.side}`)}
            onUse={(photo) => void scan.addDocument(photo)}
            isBusy={isBusy}
            error={error}
          />
        );
      case 'face':
        return (
          <PhotoCapture
            key="face"
            facingMode="user"
            instructions={t('idScan.face.instructions')}
            onUse={(photo) => void scan.addFace(photo)}
            isBusy={isBusy}
            error={error}
          />
        );
      case 'check':
        return (
          <CheckStep
            api={api}
            scanId={scan.scanId() ?? ''}
            pollMs={props.pollMs ?? 1500}
            onSettled={scan.settle}
            onError={scan.fail}
            onRetry={() => void scan.retry()}
          />
        );
      case 'failed':
        return <ScanFailedStep message={step.message} />;
      case 'passed':
        return <PassedStep evidence={step.evidence} needsFace={needsFace} />;
    }
  };
  // Errors of the photo and document-type steps are shown there; the others' here.
  const showsOwnError = step.name === 'document' || step.name === 'face' || step.name === 'documentType';
  return (
    <AppDialog
      title={t('idScan.title', { label: slot.label })}
      onClose={isSigning ? undefined : close}
      isFullScreenOnPhone
      actions={actionsOf()}
    >
      {stepContent()}
      {error && !showsOwnError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
    </AppDialog>
  );
}
