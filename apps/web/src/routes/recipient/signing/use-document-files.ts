import type { LinkAccessResponse, LinkSignatureSlot } from '@signlink/contracts/links/link-access';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { ApiError } from '../../../api/api-error.ts';
import { useDialogs } from '../../../components/dialogs/dialogs-context.tsx';
import type { DocumentField } from '../viewer/next-field.ts';
import type { PdfSource } from '../viewer/pdf-source.ts';
import type { RecipientApi } from './recipient-api.ts';
import { loadBankIdDialog, loadIdScanDialog, loadInkDialog } from './signing-dialogs.tsx';
import { signingMethodOf } from './use-slot-signing.ts';

/** Every file's fields in one list, each knowing its file. */
export function useDocumentFields(access: LinkAccessResponse): DocumentField[] {
  return useMemo(
    () =>
      access.Documents.flatMap((file, fileIndex) =>
        (file.Rules?.fields ?? []).map((field) => ({ ...field, fileIndex })),
      ),
    [access.Documents],
  );
}

interface DocumentSourcesInput {
  access: LinkAccessResponse;
  api: RecipientApi;
  onAccessExpired: () => void;
}

/** The files' bytes, asked for at once while pdf.js's chunk loads; each once for this token. */
export function useDocumentSources({ access, api, onAccessExpired }: DocumentSourcesInput): PdfSource[] {
  const dialogs = useDialogs();
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
  return sources;
}

/**
 * The viewer's report of each drawn page: the first page fetches the signing dialogs this person will need, and a
 * page that could not be drawn is told once.
 */
export function usePageRendered(slots: readonly LinkSignatureSlot[]) {
  const dialogs = useDialogs();
  const hasToldRenderFailure = useRef(false);
  const ownMethods = slots.filter((slot) => slot.access && !slot.signed).map(signingMethodOf);
  const needsInk = ownMethods.includes('ink');
  const needsBankId = ownMethods.includes('bankid');
  const needsIdScan = ownMethods.includes('idscan');
  return useCallback(
    (fileIndex: number, page: number, hasFailed: boolean) => {
      if (!hasFailed && fileIndex === 0 && page === 1) {
        if (needsInk) void loadInkDialog();
        if (needsBankId) void loadBankIdDialog();
        if (needsIdScan) void loadIdScanDialog();
      }
      if (!hasFailed || hasToldRenderFailure.current) return;
      hasToldRenderFailure.current = true;
      void dialogs.error({ messageKey: 'errors:viewerFailed' });
    },
    [dialogs, needsInk, needsBankId, needsIdScan],
  );
}
