import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { DocumentStatus } from '@signlink/contracts/documents/document-status';
import { listDocumentsRoute } from '@signlink/contracts/documents/documents.routes';
import { keepPreviousData } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentSummary, DocumentsQuery } from '../../api/documents-api.ts';
import { useApiQuery } from '../../api/use-api-query.ts';
import { FormError } from '../forms/form-error.tsx';
import { DocumentFilters, documentsPageSize, useDocumentFilters } from './document-filters.tsx';
import { DocumentRow } from './document-row.tsx';
import { DocumentsPage } from './documents-page.tsx';
import { ShareDialog } from './share-dialog.tsx';
import { useDocumentActions } from './use-document-actions.tsx';

/**
 * Sent, Archived and Inbox (SPEC section 2): one list of documents with filters, sort, search, paging and each
 * document's actions; `empty` says what the box holds when nothing is in it yet.
 */
export function DocumentListPage({
  box,
  title,
  intro,
  statuses,
  empty,
  searchLabel,
  extraFilter,
}: {
  box: NonNullable<DocumentsQuery['box']>;
  title: string;
  intro: string;
  statuses: readonly DocumentStatus[];
  empty: ReactNode;
  searchLabel?: string;
  /** A filter of this box's own above the common ones (the inbox's sub-inboxes). */
  extraFilter?: ReactNode;
}) {
  const { t } = useTranslation();
  const { query, set, hasFilters } = useDocumentFilters(box);
  const [sharing, setSharing] = useState<DocumentSummary | null>(null);
  const { run, feedback, busy } = useDocumentActions({ onShare: setSharing });
  const documents = useApiQuery(
    listDocumentsRoute,
    { query: { ...query } },
    { silent: true },
    // Parties sign and documents are sent elsewhere: each visit asks again, showing the last list meanwhile.
    { placeholderData: keepPreviousData, staleTime: 0 },
  );
  const pageCount = documents.data ? Math.max(1, Math.ceil(documents.data.Total / documentsPageSize)) : 1;

  return (
    <DocumentsPage title={title} subtitle={intro}>
      {extraFilter}
      <DocumentFilters query={query} statuses={statuses} searchLabel={searchLabel} onChange={set} />
      {documents.isPending && (
        <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress />
        </Box>
      )}
      {documents.isError && <FormError error={documents.error} />}
      {documents.data && documents.data.Errands.length === 0 && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          {hasFilters ? <Typography>{t('documents.list.noMatch')}</Typography> : empty}
        </Paper>
      )}
      {documents.data && documents.data.Errands.length > 0 && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
            {t('documents.list.total', { count: documents.data.Total })}
          </Typography>
          <Paper variant="outlined">
            <List disablePadding aria-label={title} sx={{ opacity: documents.isPlaceholderData ? 0.6 : 1 }}>
              {documents.data.Errands.map((document, index, all) => (
                <DocumentRow
                  key={document.Id}
                  document={document}
                  divider={index < all.length - 1}
                  onAction={(action, chosen) => void run(action, chosen)}
                  disabled={busy}
                />
              ))}
            </List>
          </Paper>
          {pageCount > 1 && (
            <Pagination
              count={pageCount}
              page={query.page ?? 1}
              onChange={(_event, page) => set({ page: page > 1 ? String(page) : undefined })}
              sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
              getItemAriaLabel={(type, page) =>
                type === 'page' ? t('documents.list.page', { page }) : t(`documents.list.${type}`)
              }
            />
          )}
        </>
      )}
      {feedback}
      {sharing && <ShareDialog document={sharing} onClose={() => setSharing(null)} />}
    </DocumentsPage>
  );
}
