import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UploadDropZone } from '../../components/documents/upload-drop-zone.tsx';
import { PageLayout } from '../../components/layout/page-layout.tsx';
import { DraftsList } from './drafts-list.tsx';
import { MobileNotSupported } from './mobile-not-supported.tsx';
import { useIsPhone } from './use-is-phone.ts';

/** /create (SPEC section 2, New document): upload a PDF to start, or continue a draft; not on a phone. */
export function CreatePage() {
  const { t } = useTranslation();
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
              {t('create.title')}
            </Typography>
            <Typography color="text.secondary">{t('create.intro')}</Typography>
          </div>
          <UploadDropZone onUploaded={(draft) => navigate(`/create/${encodeURIComponent(draft.Id)}`)} />
          <DraftsList />
        </Box>
      )}
    </PageLayout>
  );
}
