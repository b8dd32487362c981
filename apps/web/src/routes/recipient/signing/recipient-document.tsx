import Box from '@mui/material/Box';
import { messageKeyOf } from '@signlink/contracts/errors/error-codes';
import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../api/api-error.ts';
import { useDialogs } from '../../../components/dialogs/dialogs-context.tsx';
import { AssistantLauncher } from '../assistant/assistant-launcher.tsx';
import { DocumentViewer } from '../viewer/document-viewer.tsx';
import { type DocumentField, type FieldValue, isOpenSlot } from '../viewer/next-field.ts';
import { GuideBar } from './guide-bar.tsx';
import { useReaderSlots } from './reader-slots.ts';
import { useRecipientApi } from './recipient-api.ts';
import { RecipientHeader } from './recipient-header.tsx';
import { SigningDialogs } from './signing-dialogs.tsx';
import { SigningOutcome } from './signing-outcome.tsx';
import { useDocumentFields, useDocumentSources, usePageRendered } from './use-document-files.ts';
import { useGuide } from './use-guide.ts';
import { useRecipientValues } from './use-recipient-values.ts';
import { useSigningFlow } from './use-signing-flow.ts';
import { useSigningState } from './use-slot-signing.ts';

// The form's Submit and Share come beside the first page, not before it.
const FormPanel = lazy(() => import('../forms/form-panel.tsx').then((module) => ({ default: module.FormPanel })));
// Most links carry no message from the sender: its dialog loads only for one that does.
const SenderMessagesDialog = lazy(() =>
  import('./sender-messages-dialog.tsx').then((module) => ({ default: module.SenderMessagesDialog })),
);

export interface RecipientDocumentProps {
  linkId: string;
  access: LinkAccessResponse;
  /** The RequestToken expired (SESSION_EXPIRED): the page takes the person back through the gate. */
  onAccessExpired: () => void;
}

/** A failed call: an expired token goes back through the gate, anything else is said in the error dialog. */
function useHandleError(onAccessExpired: () => void) {
  const dialogs = useDialogs();
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.code === 'SESSION_EXPIRED') return onAccessExpired();
      const messageKey = error instanceof ApiError ? error.messageKey : messageKeyOf('UNEXPECTED_ERROR');
      void dialogs.error({ messageKey, requestId: error instanceof ApiError ? error.requestId : null });
    },
    [dialogs, onAccessExpired],
  );
}

/**
 * What the recipient sees once past the gate: the document with its fields, the signing of this person's slots, then
 * the progress to the sealed PDF.
 */
export function RecipientDocument({ linkId, access, onAccessExpired }: RecipientDocumentProps) {
  const api = useRecipientApi(linkId, access.RequestToken);
  const { signing, applyStatus } = useSigningState(access);
  const [zoom, setZoom] = useState(1);
  const topRef = useRef<HTMLDivElement>(null);
  const handleError = useHandleError(onAccessExpired);
  const fields = useDocumentFields(access);
  const sources = useDocumentSources({ access, api, onAccessExpired });
  const slots = useReaderSlots(signing.Signatures);
  const { form, values, setValue } = useRecipientValues({ linkId, access, fields, slots });
  const onPageRendered = usePageRendered(slots);
  const guide = useGuide({ fields, slots, values, isFrozen: form.isFrozen });
  const flow = useSigningFlow({
    api,
    fields,
    slots,
    values,
    applyStatus,
    onError: handleError,
    onMissingField: guide.showMissing,
    onAllOwnSigned: () => topRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }),
  });
  const { clearNotice } = guide;
  const onChange = useCallback(
    (field: DocumentField, value: FieldValue) => {
      clearNotice();
      setValue(field, value);
    },
    [clearNotice, setValue],
  );

  const isOpen = signing.State === 'open';
  // Signing comes first where the person has a signature to give: their values go with it, and Submit (which freezes
  // the form) waits until after, to send a copy. The server takes forms only while the document is open.
  const hasSignatureToGive = isOpen && slots.some(isOpenSlot);
  const isFormShown = form.isFormMode && (form.isFrozen || (isOpen && !hasSignatureToGive));
  // Phil's completion message: after this person's own signatures, or the form they sent.
  const hasFinished = (slots.some((slot) => slot.access) && signing.Aggregates.userAllSigned) || form.isFrozen;
  return (
    <Box ref={topRef} sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%', bgcolor: 'grey.100' }}>
      <RecipientHeader
        linkId={linkId}
        access={access}
        canChangeAttachments={isOpen && !signing.Aggregates.userAllSigned}
        zoom={zoom}
        onZoom={setZoom}
        onAccessExpired={onAccessExpired}
      />
      {isFormShown && (
        <Suspense fallback={null}>
          <FormPanel
            state={form}
            access={access}
            values={values}
            checkRequired={guide.checkFormRequired}
            fileName={`${access.Documents[0]?.Title ?? 'form'}.pdf`}
            onError={handleError}
            onAccessExpired={onAccessExpired}
            hasSigned={signing.Aggregates.userAllSigned}
          />
        </Suspense>
      )}
      <SigningOutcome
        linkId={linkId}
        api={api}
        requestToken={access.RequestToken}
        userData={access.UserData}
        signing={signing}
        fileName={`${access.Documents[0]?.Title ?? 'document'}.pdf`}
        allowsDownloading={access.Settings.allowDownloading}
        onError={handleError}
        onStatus={applyStatus}
      />
      <DocumentViewer
        files={access.Documents}
        sources={sources}
        fields={fields}
        slots={slots}
        values={values}
        onChange={onChange}
        onSign={flow.onSign}
        onPageRendered={onPageRendered}
        zoom={zoom}
        isReadOnly={form.isFrozen}
      />
      {/* The bottom bar: the guide, with Phil's button floating just above it so neither covers the other. */}
      <Box sx={{ position: 'sticky', bottom: 0, zIndex: 3 }}>
        <AssistantLauncher
          linkId={linkId}
          access={access}
          hasFinished={hasFinished}
          onAccessExpired={onAccessExpired}
        />
        {!signing.Aggregates.userAllSigned && (
          <GuideBar slots={slots} next={guide.next} notice={guide.notice} onNext={() => guide.goToNext(flow.onSign)} />
        )}
      </Box>
      <SigningDialogs
        linkId={linkId}
        access={access}
        active={flow.active}
        fields={fields}
        values={values}
        onSubmitInk={flow.signInk}
        onBankIdSigned={flow.afterBankId}
        onBankIdError={flow.failBankId}
        onIdScanSigned={flow.afterIdScan}
        onError={handleError}
        onCancel={flow.cancel}
      />
      {(access.Messages.Document || access.Messages.Personal) && (
        <Suspense fallback={null}>
          <SenderMessagesDialog linkId={linkId} messages={access.Messages} />
        </Suspense>
      )}
    </Box>
  );
}
