import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { UploadDropZone } from '../../components/documents/upload-drop-zone.tsx';
import { PageLayout } from '../../components/layout/page-layout.tsx';
import { DraftsList } from './drafts-list.tsx';
import { MobileNotSupported } from './mobile-not-supported.tsx';
import { useIsPhone } from './use-is-phone.ts';

/**
 * The start of a new document, shared by New document and Sign and send: upload a PDF or continue a draft, both
 * opening the editor with `editorSearch` (its mode); not on a phone.
 */
export function UploadOrDraftPage({
  title,
  intro,
  editorSearch = '',
}: {
  title: string;
  intro: string;
  editorSearch?: string;
}) {
  const navigate = useNavigate();
  const isPhone = useIsPhone();
  return (
    <PageLayout>
      {isPhone ? (
        <MobileNotSupported />
      ) : (
        <Box sx={{ width: '100%', maxWidth: 960, mx: 'auto', px: 3, py: 5, display: 'grid', gap: 4 }}>
          <div>
            <Typography variant="h1" sx={{ fontSize: '2rem', mb: 0.5 }}>
              {title}
            </Typography>
            <Typography color="text.secondary">{intro}</Typography>
          </div>
          <UploadDropZone onUploaded={(draft) => navigate(`/create/${encodeURIComponent(draft.Id)}${editorSearch}`)} />
          <DraftsList editorSearch={editorSearch} />
        </Box>
      )}
    </PageLayout>
  );
}
