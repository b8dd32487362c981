import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UploadDropZone } from '../../components/documents/upload-drop-zone.tsx';
import { PageLayout } from '../../components/layout/page-layout.tsx';
import { DraftsList } from './drafts-list.tsx';
import { MobileNotSupported } from './mobile-not-supported.tsx';
import { signAndSendSearch } from './sign-and-send-mode.ts';
import { useIsPhone } from './use-is-phone.ts';

/**
 * /sign-and-send (issue 24, part 5): as New document, but the draft opens in the editor's sign and send mode, where
 * the sender is the first party, signs first and the others are invited after.
 */
export function SignAndSendPage() {
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
              {t('signAndSend.title')}
            </Typography>
            <Typography color="text.secondary">{t('signAndSend.intro')}</Typography>
          </div>
          <UploadDropZone
            onUploaded={(draft) => navigate(`/create/${encodeURIComponent(draft.Id)}${signAndSendSearch}`)}
          />
          <DraftsList editorSearch={signAndSendSearch} />
        </Box>
      )}
    </PageLayout>
  );
}
