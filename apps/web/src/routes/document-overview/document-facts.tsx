import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { documentSettingDefaults, documentSettingKeys } from '@signlink/contracts/documents/document-model';
import { useTranslation } from 'react-i18next';
import type { DocumentDetail } from '../../api/documents-api.ts';
import { OwnerText } from '../../components/owner-text.tsx';

/**
 * SPEC section 4's access level: private to its owner, or shared with the company. Only someone who manages the
 * document switches it.
 */
export function AccessLevelSwitch({
  document,
  busy,
  onChange,
}: {
  document: DocumentDetail;
  busy: boolean;
  onChange: (level: 'private' | 'shared') => void;
}) {
  const { t } = useTranslation();
  const shared = document.AccessLevel === 'shared';
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <FormControlLabel
        control={
          <Switch
            checked={shared}
            disabled={busy || !document.CanManage}
            onChange={(event) => onChange(event.target.checked ? 'shared' : 'private')}
          />
        }
        label={t('overview.access.shared')}
      />
      <Typography variant="body2" color="text.secondary">
        {t(shared ? 'overview.access.sharedHelp' : 'overview.access.privateHelp')}
      </Typography>
    </Paper>
  );
}

/** The files and the settings the document was sent with (SPEC section 3), and its message. */
export function DocumentFacts({ document }: { document: DocumentDetail }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
        {t('overview.files.title')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, mb: 2 }}>
        {document.Files.map((file) => (
          <li key={file.Id}>
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              {file.Title}{' '}
              <Typography component="span" color="text.secondary" variant="body2">
                ({t('overview.files.pages', { count: file.PageCount })})
              </Typography>
            </Typography>
          </li>
        ))}
      </Box>
      <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
        {t('overview.settings.title')}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5 }}>
        {documentSettingKeys.map((key) => (
          <Box key={key} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2">
              {t(`overview.settings.${key}`)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
              {(document.Settings[key] ?? documentSettingDefaults[key]) ? t('common.yes') : t('common.no')}
            </Typography>
          </Box>
        ))}
      </Box>
      {document.Message && (
        <>
          <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mt: 2, mb: 0.5 }}>
            {t('overview.message')}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <OwnerText text={document.Message} />
          </Typography>
        </>
      )}
    </Paper>
  );
}
