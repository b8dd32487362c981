import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CompletionView } from './completion-view.tsx';
import type { LinkStatus, RecipientApi } from './recipient-api.ts';
import type { SigningState } from './use-slot-signing.ts';

interface SigningOutcomeProps {
  linkId: string;
  api: RecipientApi;
  signing: SigningState;
  /** The sealed PDF's name when it is downloaded. */
  fileName: string;
  allowsDownloading: boolean;
  onError: (error: unknown) => void;
  onStatus: (status: LinkStatus) => void;
}

/**
 * Where the signing stands, above the document: the progress to the sealed PDF once everyone signed (or the document
 * is no longer open), else a note once this person signed their part. Nothing while they still have to sign.
 */
export function SigningOutcome(props: SigningOutcomeProps) {
  const { linkId, api, signing, fileName, allowsDownloading, onError, onStatus } = props;
  const { t } = useTranslation();
  if (signing.Aggregates.allSigned || signing.State !== 'open') {
    return (
      <Box sx={{ px: 2 }}>
        <CompletionView
          linkId={linkId}
          api={api}
          initialState={signing.State}
          initialSealedPdfAvailable={signing.SealedPdfAvailable}
          allowsDownloading={allowsDownloading}
          fileName={fileName}
          onError={onError}
          onStatus={onStatus}
        />
      </Box>
    );
  }
  if (!signing.Aggregates.userAllSigned) return null;
  return (
    <Paper variant="outlined" role="status" sx={{ mx: 2, mb: 2, p: 2, textAlign: 'center' }}>
      <Typography component="h2" variant="h6">
        {`✓ ${t('recipientDocument.signed.title')}`}
      </Typography>
      <Typography color="text.secondary">{t('recipientDocument.signed.waitingForOthers')}</Typography>
    </Paper>
  );
}
