import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { listDocumentLinksRoute, listDraftsRoute } from '@signlink/contracts/documents/drafts.routes';
import { fillPath } from '@signlink/contracts/http/route-contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApiClient } from '../../api/api-context.tsx';
import { createDocumentsApi, type DocumentSummary, documentsPath } from '../../api/documents-api.ts';
import { createSealedFilesApi, type SealedFileKind } from '../../api/sealed-files-api.ts';
import { saveBlob } from '../../lib/save-blob.ts';
import { useDialogs } from '../dialogs/dialogs-context.tsx';
import { messageKeyOfFailure } from '../forms/form-error.tsx';
import { type DocumentAction, isCompleted } from './document-actions.ts';

type Outcome = { severity: 'success'; text: string } | { severity: 'error'; text: string };

/**
 * Every list, count and overview reads under `linktinker/errands`, and the sharing dialog a document's links (a
 * contact correction revokes one): after a change they all reload.
 */
function isDocumentsQuery(queryKey: readonly unknown[]): boolean {
  const path = queryKey[1];
  if (queryKey[0] !== 'api' || typeof path !== 'string') return false;
  return path.startsWith(documentsPath) || isDocumentLinksPath(path);
}

const draftsPrefix = `${fillPath(listDraftsRoute.path, {})}/`;
const linksSuffix = listDocumentLinksRoute.path.slice(listDocumentLinksRoute.path.lastIndexOf('/'));
const isDocumentLinksPath = (path: string) => path.startsWith(draftsPrefix) && path.endsWith(linksSuffix);

/**
 * Runs a document action as lists and the overview share it: asks first where it cannot be undone, calls the server,
 * says what happened (or the catalogue's reason it did not, e.g. REMINDER_LIMIT_REACHED), and reloads every list.
 * `onDeleted` lets the overview leave a document that no longer exists.
 */
export function useDocumentActions({
  onDeleted,
  onShare,
}: {
  onDeleted?: () => void;
  onShare?: (document: DocumentSummary) => void;
} = {}) {
  const { t } = useTranslation();
  const client = useApiClient();
  const api = createDocumentsApi(client);
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);

  /** Calls the server and says what it did; `success` may read the answer (who was reminded). */
  const change = async <T,>(call: () => Promise<T>, success: string | ((result: T) => string), after?: () => void) => {
    setBusy(true);
    setOutcome(null);
    try {
      const result = await call();
      setOutcome({ severity: 'success', text: typeof success === 'string' ? success : success(result) });
      after?.();
    } catch (failure) {
      setOutcome({ severity: 'error', text: t(messageKeyOfFailure(failure)) });
    } finally {
      setBusy(false);
    }
    await queryClient.invalidateQueries({ predicate: (query) => isDocumentsQuery(query.queryKey) });
  };

  /** Says that a change made elsewhere (a dialog with its own form) succeeded, and reloads the lists. */
  const notify = async (text: string) => {
    setOutcome({ severity: 'success', text });
    await queryClient.invalidateQueries({ predicate: (query) => isDocumentsQuery(query.queryKey) });
  };

  /** Fetched with the bearer token, then saved; only a failure is worth saying (the browser shows the save). */
  const download = async (document: DocumentSummary, kind: SealedFileKind) => {
    setBusy(true);
    setOutcome(null);
    try {
      const file = await createSealedFilesApi(client).download(document.Id, kind);
      const suffix = kind === 'audit-trail' ? ` - ${t('documents.actions.auditTrailFileSuffix')}` : '';
      saveBlob({ blob: file.blob, fileName: file.fileName ?? `${document.Name}${suffix}.pdf` });
    } catch (failure) {
      setOutcome({ severity: 'error', text: t(messageKeyOfFailure(failure)) });
    } finally {
      setBusy(false);
    }
  };

  const run = async (action: DocumentAction, document: DocumentSummary): Promise<void> => {
    const name = document.Name;
    switch (action) {
      case 'open':
        return void navigate(`/document/${encodeURIComponent(document.Id)}`);
      case 'report':
        return void navigate(`/report/${encodeURIComponent(document.Id)}`);
      case 'share':
        return onShare?.(document);
      case 'download-sealed':
        return download(document, 'sealed-pdf');
      case 'download-audit-trail':
        return download(document, 'audit-trail');
      case 'remind':
        return change(
          () => api.sendReminders(document.Id),
          ({ Reminded }) => t('documents.actions.reminded', { name, count: Reminded.length }),
        );
      case 'handled':
        return change(() => api.setHandled(document.Id, true), t('documents.actions.markedHandled', { name }));
      case 'unhandled':
        return change(() => api.setHandled(document.Id, false), t('documents.actions.markedUnhandled', { name }));
      case 'archive':
        return change(() => api.archive(document.Id), t('documents.actions.archived', { name }));
      case 'unarchive':
        return change(() => api.unarchive(document.Id), t('documents.actions.unarchived', { name }));
      case 'duplicate':
        return change(
          async () => {
            const { ProjectId } = await api.duplicate(document.Id);
            // The copy is a draft: the editor opens it (another screen's route).
            navigate(`/create/${encodeURIComponent(ProjectId)}`);
          },
          t('documents.actions.duplicated', { name }),
        );
      case 'withdraw': {
        const yes = await dialogs.confirm({
          title: t('documents.confirm.withdrawTitle'),
          message: t('documents.confirm.withdrawMessage', { name }),
          yesLabel: t('documents.actions.withdraw'),
          noLabel: t('common.cancel'),
        });
        if (!yes) return;
        return change(() => api.withdraw(document.Id), t('documents.actions.withdrawn', { name }));
      }
      case 'delete': {
        const completed = isCompleted(document);
        const yes = await dialogs.confirm({
          title: t('documents.confirm.deleteTitle'),
          // SPEC section 4: a completed document stays with the parties who signed it.
          message: completed
            ? t('documents.confirm.deleteCompletedMessage', { name })
            : t('documents.confirm.deleteMessage', { name }),
          yesLabel: t('documents.actions.delete'),
          noLabel: t('common.cancel'),
        });
        if (!yes) return;
        return change(() => api.remove(document.Id, completed), t('documents.actions.deleted', { name }), onDeleted);
      }
    }
  };

  const feedback = outcome && (
    <Snackbar
      open
      onClose={(_event, reason) => reason !== 'clickaway' && setOutcome(null)}
      autoHideDuration={outcome.severity === 'success' ? 6000 : null}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={outcome.severity}
        role={outcome.severity === 'error' ? 'alert' : 'status'}
        variant="filled"
        onClose={() => setOutcome(null)}
      >
        {outcome.text}
      </Alert>
    </Snackbar>
  );
  return { run, change, notify, feedback, busy };
}
