import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useApiClient } from '../../../api/api-context.tsx';
import type { ApiError } from '../../../api/api-error.ts';
import { createDocumentsApi, type EditorResponse } from '../../../api/drafts-api.ts';
import { UploadDropZone } from '../../../components/documents/upload-drop-zone.tsx';
import { FormError } from '../../../components/forms/form-error.tsx';
import { PageLayout } from '../../../components/layout/page-layout.tsx';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { MobileNotSupported } from '../mobile-not-supported.tsx';
import { isSignAndSendMode } from '../sign-and-send-mode.ts';
import { useIsPhone } from '../use-is-phone.ts';
import { DocumentEditor } from './document-editor.tsx';

/**
 * /create/:projectId, and /templates/:id/edit for a template (issue 24: the same editor, which reads the kind from
 * the draft): the draft's first file in the field editor (`GET projects/{id}`, then `POST files/{id}/editor`
 * for the file and the address pdf.js reads). A draft without a file offers the upload.
 */
export function EditorPage() {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const isTemplate = useParams().id !== undefined;
  return (
    <PageLayout>
      {isPhone ? (
        <MobileNotSupported />
      ) : (
        <>
          {/* The toolbar's name field stands where a title would; the heading names the screen for screen readers
              and is where focus lands after navigation. */}
          <Typography component="h1" sx={visuallyHidden}>
            {t(isTemplate ? 'routes.editTemplate' : 'routes.editDraft')}
          </Typography>
          <EditorLoader />
        </>
      )}
    </PageLayout>
  );
}

function EditorLoader() {
  const { t } = useTranslation();
  const { projectId, id } = useParams();
  const draftId = projectId ?? id ?? '';
  const [search] = useSearchParams();
  const client = useApiClient();
  const api = useMemo(() => createDocumentsApi(client), [client]);
  const editor = useQuery<EditorResponse | null, ApiError>({
    queryKey: ['api', 'editor', draftId],
    queryFn: async () => {
      const draft = await api.getProject(draftId);
      const file = draft.Files[0];
      return file ? api.openEditor(file.Id) : null;
    },
    retry: false,
    // The editor owns the draft once open: refetching would reset what is not yet saved.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

  if (editor.isPending) {
    return (
      <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
        <CircularProgress />
      </Box>
    );
  }
  if (editor.isError) {
    return (
      <Box sx={{ maxWidth: 720, mx: 'auto', p: 4 }}>
        <FormError error={editor.error} />
      </Box>
    );
  }
  if (!editor.data) {
    return (
      <Box sx={{ maxWidth: 720, mx: 'auto', p: 4 }}>
        <UploadDropZone draftId={draftId} onUploaded={() => void editor.refetch()} />
      </Box>
    );
  }
  return (
    <DocumentEditor
      key={editor.data.File.Id}
      api={api}
      editor={editor.data}
      onFileReplaced={() => editor.refetch()}
      signAndSend={isSignAndSendMode(search)}
    />
  );
}
