import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { messageKeyOf } from '@signlink/contracts/errors/error-codes';
import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { useDialogs } from '../../../components/dialogs/dialogs-context.tsx';
import { AttachmentsButton } from '../attachments/attachments-button.tsx';
import { shownFormValues, useLinkForm } from '../forms/use-link-form.ts';
import { DocumentViewer, ZoomControls } from '../viewer/document-viewer.tsx';
import { fieldDomId } from '../viewer/field-input.tsx';
import { loadFormValues, saveFormValues } from '../viewer/form-values-storage.ts';
import {
  type DocumentField,
  type FieldValue,
  type FormValues,
  fieldKey,
  type GuideTarget,
  guideTargets,
  isOpenSlot,
  missingRequiredFields,
  slotFormValues,
} from '../viewer/next-field.ts';
import type { PdfSource } from '../viewer/pdf-source.ts';
import { CompletionView } from './completion-view.tsx';
import { GuideBar } from './guide-bar.tsx';
import type { InkSubmission } from './ink-data.ts';
import { type LinkStatus, useRecipientApi } from './recipient-api.ts';
import { timeZoneOffsetMinutes } from './time-zone.ts';
import { type ActiveSigning, signingMethodOf, useSigningState } from './use-slot-signing.ts';

// The signing dialogs come with the person's first signature, not with the first page: BankID's QR code and state
// machine, signature_pad and the contracts' rules (zod, libphonenumber) weigh more than the rest of the page. They
// are fetched once page 1 is drawn, so the dialog opens at once.
const loadInkDialog = () => import('./ink-sign-dialog.tsx');
const loadBankIdDialog = () => import('./bankid-sign-dialog.tsx');
const InkSignDialog = lazy(() => loadInkDialog().then((module) => ({ default: module.InkSignDialog })));
const BankIdSignDialog = lazy(() => loadBankIdDialog().then((module) => ({ default: module.BankIdSignDialog })));
// The form's Submit and Share (issue 8 part 7) come beside the first page, not before it.
const FormPanel = lazy(() => import('../forms/form-panel.tsx').then((module) => ({ default: module.FormPanel })));

export interface RecipientDocumentProps {
  linkId: string;
  access: LinkAccessResponse;
  /** The RequestToken expired (SESSION_EXPIRED): the page takes the person back through the gate. */
  onAccessExpired: () => void;
}

/** Scrolls a field to the middle of the screen and gives it focus, so typing or Enter continues there. */
function focusField(field: DocumentField): void {
  const element = document.getElementById(fieldDomId(field));
  if (!element) return;
  element.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  element.focus({ preventScroll: true });
}

/**
 * What the recipient sees once past the gate (issue 8, parts 5, 6 and 9): the document with its fields, the signing
 * of this person's slots, then the progress to the sealed PDF.
 */
export function RecipientDocument({ linkId, access, onAccessExpired }: RecipientDocumentProps) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const api = useRecipientApi(linkId, access.RequestToken);
  const { signing, applyStatus } = useSigningState(access);
  const [typed, setValues] = useState<FormValues>(() => loadFormValues(linkId));
  const [active, setActive] = useState<ActiveSigning>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [zoom, setZoom] = useState(1);
  const topRef = useRef<HTMLDivElement>(null);

  const handleError = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.code === 'SESSION_EXPIRED') return onAccessExpired();
      const messageKey = error instanceof ApiError ? error.messageKey : messageKeyOf('UNEXPECTED_ERROR');
      void dialogs.error({ messageKey, requestId: error instanceof ApiError ? error.requestId : null });
    },
    [dialogs, onAccessExpired],
  );

  const fields = useMemo<DocumentField[]>(
    () =>
      access.Documents.flatMap((file, fileIndex) =>
        (file.Rules?.fields ?? []).map((field) => ({ ...field, fileIndex })),
      ),
    [access.Documents],
  );
  // The files are asked for at once, while pdf.js's chunk loads; each once for this token.
  const sources = useMemo<PdfSource[]>(
    () =>
      access.Documents.map((file) => {
        const bytes = api.fileBytes(file.Code);
        // Handled here at once: the effect below tells the person, but a page gone before it runs must not leave an
        // unhandled rejection behind.
        bytes.catch(() => undefined);
        return { key: `${access.RequestToken}:${file.Code}`, bytes };
      }),
    [access.Documents, access.RequestToken, api],
  );
  useEffect(() => {
    let hasTold = false;
    for (const source of sources) {
      source.bytes.catch((error: unknown) => {
        if (hasTold) return;
        hasTold = true;
        if (error instanceof ApiError && error.code === 'SESSION_EXPIRED') return onAccessExpired();
        void dialogs.error({
          messageKey: 'errors:documentLoadFailed',
          requestId: error instanceof ApiError ? error.requestId : null,
        });
      });
    }
  }, [sources, dialogs, onAccessExpired]);
  const form = useLinkForm({
    linkId,
    access,
    fields,
    slots: signing.Signatures,
    // What an earlier save kept fills the fields this tab has not typed in.
    onLoaded: (saved) => setValues((current) => ({ ...saved.instantJson, ...current })),
  });
  const values = useMemo(() => shownFormValues(form.fields, form.form, typed), [form.fields, form.form, typed]);
  const hasToldRenderFailure = useRef(false);
  const ownMethods = signing.Signatures.filter((slot) => slot.access && !slot.signed).map(signingMethodOf);
  const needsInk = ownMethods.includes('ink');
  const needsBankId = ownMethods.includes('bankid');
  const onPageRendered = useCallback(
    (fileIndex: number, page: number, hasFailed: boolean) => {
      if (!hasFailed && fileIndex === 0 && page === 1) {
        if (needsInk) void loadInkDialog();
        if (needsBankId) void loadBankIdDialog();
      }
      if (!hasFailed || hasToldRenderFailure.current) return;
      hasToldRenderFailure.current = true;
      void dialogs.error({ messageKey: 'errors:viewerFailed' });
    },
    [dialogs, needsInk, needsBankId],
  );

  // Kept until signed: a signed slot's values are in the document now, and leave the tab's storage.
  useEffect(() => {
    const openIndexes = new Set(signing.Signatures.filter((slot) => !slot.signed).map((slot) => slot.index));
    const kept: FormValues = {};
    for (const field of fields) {
      const key = fieldKey(field);
      if (openIndexes.has(field.signatureIndex) && key in values) kept[key] = values[key] as FieldValue;
    }
    saveFormValues(linkId, kept);
  }, [linkId, values, fields, signing.Signatures]);

  const onChange = useCallback((field: DocumentField, value: FieldValue) => {
    setNotice(null);
    setValues((current) => ({ ...current, [fieldKey(field)]: value }));
  }, []);

  const onSign = useCallback(
    (signatureIndex: number) => {
      const slot = signing.Signatures.find((candidate) => candidate.index === signatureIndex);
      if (!slot?.access || slot.signed) return;
      const method = signingMethodOf(slot);
      if (method === 'unavailable') {
        void dialogs.error({
          title: t('recipientDocument.idScanTitle'),
          messageKey: messageKeyOf('SIGNATURE_METHOD_UNAVAILABLE'),
        });
        return;
      }
      const [missing] = missingRequiredFields(fields, signatureIndex, values);
      if (missing) {
        setNotice(t('recipientDocument.guide.fillRequired'));
        focusField(missing);
        return;
      }
      setActive({ method, slot });
    },
    [signing.Signatures, fields, values, dialogs, t],
  );

  const targets = useMemo(
    () => guideTargets(fields, signing.Signatures, values).filter((target) => !form.isFrozen || target.kind !== 'fill'),
    [fields, signing.Signatures, values, form.isFrozen],
  );
  // The form is submitted or shared only complete: the guided flow takes the person to the first empty required field.
  const checkFormRequired = () => {
    const missing = targets.find((target) => target.kind === 'fill');
    if (!missing?.field) return true;
    setNotice(t('recipientDocument.guide.fillRequired'));
    focusField(missing.field);
    return false;
  };
  const goToNext = () => {
    const next: GuideTarget | undefined = targets[0];
    if (!next) return;
    setNotice(null);
    if (next.field) focusField(next.field);
    else if (next.kind === 'sign') onSign(next.signatureIndex);
  };

  const afterSigned = (status: LinkStatus) => {
    applyStatus(status);
    setActive(null);
    if (status.Aggregates.userAllSigned) topRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };
  const signInk = async (ink: InkSubmission, clarifiedName: string | undefined) => {
    if (active?.method !== 'ink') return;
    try {
      const status = await api.signInk({
        ...ink,
        SignatureIndex: active.slot.index,
        AllowServerSubmit: true,
        TimeZoneOffsetMinutes: timeZoneOffsetMinutes(),
        ClarifiedName: clarifiedName,
        FormValues: slotFormValues(fields, active.slot.index, values),
      });
      afterSigned(status);
    } catch (error) {
      handleError(error);
      throw error;
    }
  };
  const afterBankId = () => {
    api.status().then(afterSigned, (error: unknown) => {
      setActive(null);
      handleError(error);
    });
  };

  const title = access.Documents.map((file) => file.Title).join(', ');
  const showsCompletion = signing.Aggregates.allSigned || signing.State !== 'open';
  return (
    <Box ref={topRef} sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%', bgcolor: 'grey.100' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 1.5, pb: 1 }}>
        <Typography
          component="h1"
          variant="h6"
          sx={{ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere', fontSize: { xs: '1.1rem', sm: '1.25rem' } }}
        >
          {title}
        </Typography>
        <AttachmentsButton
          linkId={linkId}
          requestToken={access.RequestToken}
          canChange={signing.State === 'open' && !signing.Aggregates.userAllSigned}
          onAccessExpired={onAccessExpired}
        />
        <ZoomControls zoom={zoom} onZoom={setZoom} />
      </Box>
      {form.isFormMode && (
        <Suspense fallback={null}>
          <FormPanel
            state={form}
            access={access}
            values={values}
            checkRequired={checkFormRequired}
            fileName={`${access.Documents[0]?.Title ?? 'form'}.pdf`}
            onError={handleError}
            onAccessExpired={onAccessExpired}
            isSigningAhead={signing.State === 'open' && signing.Signatures.some(isOpenSlot)}
          />
        </Suspense>
      )}
      {showsCompletion ? (
        <Box sx={{ px: 2 }}>
          <CompletionView
            linkId={linkId}
            api={api}
            initialState={signing.State}
            initialSealedPdfAvailable={signing.SealedPdfAvailable}
            fileName={`${access.Documents[0]?.Title ?? 'document'}.pdf`}
            onError={handleError}
            onStatus={applyStatus}
          />
        </Box>
      ) : (
        signing.Aggregates.userAllSigned && (
          <Paper variant="outlined" role="status" sx={{ mx: 2, mb: 2, p: 2, textAlign: 'center' }}>
            <Typography component="h2" variant="h6">
              {`✓ ${t('recipientDocument.signed.title')}`}
            </Typography>
            <Typography color="text.secondary">{t('recipientDocument.signed.waitingForOthers')}</Typography>
          </Paper>
        )
      )}
      <DocumentViewer
        files={access.Documents}
        sources={sources}
        fields={fields}
        slots={signing.Signatures}
        values={values}
        onChange={onChange}
        onSign={onSign}
        onPageRendered={onPageRendered}
        zoom={zoom}
        isReadOnly={form.isFrozen}
      />
      {!signing.Aggregates.userAllSigned && (
        <GuideBar slots={signing.Signatures} next={targets[0]} notice={notice} onNext={goToNext} />
      )}
      <Suspense fallback={null}>
        {active?.method === 'ink' && (
          <InkSignDialog
            slotLabel={active.slot.label}
            askClarifiedName={access.Settings.allowNameClarification}
            defaultClarifiedName={active.slot.clarifiedName ?? undefined}
            onSubmit={signInk}
            onCancel={() => setActive(null)}
          />
        )}
        {active?.method === 'bankid' && (
          <BankIdSignDialog
            linkId={linkId}
            requestToken={access.RequestToken}
            signatureIndex={active.slot.index}
            slotLabel={active.slot.label}
            formValues={slotFormValues(fields, active.slot.index, values)}
            onSigned={afterBankId}
            onCancel={() => setActive(null)}
            onError={(error) => {
              setActive(null);
              handleError(error);
            }}
          />
        )}
      </Suspense>
    </Box>
  );
}
