import type { LinkAccessResponse, LinkStatusResponse } from '@signlink/contracts/links/link-access';
import { lazy, Suspense } from 'react';
import { type DocumentField, type FormValues, slotFormValues } from '../viewer/next-field.ts';
import type { SignatureSubmission } from './ink-data.ts';
import type { ActiveSigning } from './use-slot-signing.ts';

// The signing dialogs come with the person's first signature, not with the first page: BankID's QR code and state
// machine, signature_pad and the contracts' rules (zod, libphonenumber) weigh more than the rest of the page. They
// are fetched once page 1 is drawn, so the dialog opens at once.
export const loadInkDialog = () => import('./ink-sign-dialog.tsx');
export const loadBankIdDialog = () => import('./bankid-sign-dialog.tsx');
// ID scans are rare among links: their dialog (camera, consent, the check) loads only when such a slot is signed.
export const loadIdScanDialog = () => import('../id-scan/id-scan-dialog.tsx');
const IdScanDialog = lazy(() => loadIdScanDialog().then((module) => ({ default: module.IdScanDialog })));
const InkSignDialog = lazy(() => loadInkDialog().then((module) => ({ default: module.InkSignDialog })));
const BankIdSignDialog = lazy(() => loadBankIdDialog().then((module) => ({ default: module.BankIdSignDialog })));

interface SigningDialogsProps {
  linkId: string;
  access: LinkAccessResponse;
  /** The slot being signed and how; nothing open when null. */
  active: ActiveSigning;
  fields: readonly DocumentField[];
  values: FormValues;
  onSubmitInk: (signature: SignatureSubmission, clarifiedName: string | undefined) => Promise<void>;
  onBankIdSigned: () => void;
  onBankIdError: (error: unknown) => void;
  onIdScanSigned: (status: LinkStatusResponse) => void;
  /** Said in the page's error dialog; the ID-scan dialog stays open for another try. */
  onError: (error: unknown) => void;
  onCancel: () => void;
}

/** The open slot's signing dialog: a drawn or typed signature, a BankID order, or an ID scan. */
export function SigningDialogs(props: SigningDialogsProps) {
  const { linkId, access, active, fields, values, onSubmitInk, onBankIdSigned, onBankIdError, onCancel } = props;
  return (
    <Suspense fallback={null}>
      {active?.method === 'ink' && (
        <InkSignDialog
          slotLabel={active.slot.label}
          askClarifiedName={access.Settings.allowNameClarification}
          defaultClarifiedName={active.slot.clarifiedName ?? undefined}
          onSubmit={onSubmitInk}
          onCancel={onCancel}
        />
      )}
      {active?.method === 'bankid' && (
        <BankIdSignDialog
          linkId={linkId}
          requestToken={access.RequestToken}
          signatureIndex={active.slot.index}
          slotLabel={active.slot.label}
          formValues={slotFormValues(fields, active.slot.index, values)}
          onSigned={onBankIdSigned}
          onCancel={onCancel}
          onError={onBankIdError}
        />
      )}
      {active?.method === 'idscan' && (
        <IdScanDialog
          linkId={linkId}
          requestToken={access.RequestToken}
          slot={active.slot}
          askClarifiedName={access.Settings.allowNameClarification}
          formValues={slotFormValues(fields, active.slot.index, values)}
          onSigned={props.onIdScanSigned}
          onCancel={onCancel}
          onError={props.onError}
        />
      )}
    </Suspense>
  );
}
