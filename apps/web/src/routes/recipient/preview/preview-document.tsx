import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';
import { findLinkPreviewFileRoute } from '@signlink/contracts/public-links/link-preview.routes';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../api/api-context.tsx';
import { useReaderSlots } from '../signing/reader-slots.ts';
import { useDocumentFields } from '../signing/use-document-files.ts';
import { DocumentViewer, ZoomControls } from '../viewer/document-viewer.tsx';
import { type DocumentField, type FieldValue, type FormValues, fieldKey } from '../viewer/next-field.ts';
import type { PdfSource } from '../viewer/pdf-source.ts';

/**
 * The recipient's viewer over a preview's access: the fields take input, as a recipient's would, but nothing is
 * sent anywhere, and a signature slot only says that signing is off in a preview.
 */
export function PreviewDocument({ previewId, access }: { previewId: string; access: LinkAccessResponse }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const [zoom, setZoom] = useState(1);
  const [values, setValues] = useState<FormValues>({});
  const [isSignNoticeShown, setIsSignNoticeShown] = useState(false);
  const fields = useDocumentFields(access);
  const slots = useReaderSlots(access.Signatures);
  const sources = useMemo<PdfSource[]>(
    () =>
      access.Documents.map((file) => {
        const bytes = client
          .api(
            findLinkPreviewFileRoute,
            { params: { id: previewId }, body: { RequestToken: access.RequestToken, Code: file.Code } },
            { silent: true, headers: { Accept: 'application/pdf, application/json' } },
          )
          .then((response) => response.arrayBuffer());
        // The viewer shows a file that failed as failed; this must not become an unhandled rejection.
        bytes.catch(() => undefined);
        return { key: `${access.RequestToken}:${file.Code}`, bytes };
      }),
    [client, previewId, access.Documents, access.RequestToken],
  );
  const onChange = useCallback((field: DocumentField, value: FieldValue) => {
    setValues((current) => ({ ...current, [fieldKey(field)]: value }));
  }, []);
  const title = access.Documents.map((file) => file.Title).join(', ');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%', bgcolor: 'grey.100' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 1.5, pb: 1 }}>
        <Typography
          component="h1"
          variant="h6"
          sx={{ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere', fontSize: { xs: '1.1rem', sm: '1.25rem' } }}
        >
          {title}
        </Typography>
        <ZoomControls zoom={zoom} onZoom={setZoom} />
      </Box>
      {isSignNoticeShown && (
        <Alert severity="info" role="status" onClose={() => setIsSignNoticeShown(false)} sx={{ mx: 2, mb: 1 }}>
          {t('linkPreview.signingOff')}
        </Alert>
      )}
      <DocumentViewer
        files={access.Documents}
        sources={sources}
        fields={fields}
        slots={slots}
        values={values}
        onChange={onChange}
        onSign={() => setIsSignNoticeShown(true)}
        zoom={zoom}
      />
    </Box>
  );
}
