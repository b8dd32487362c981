import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { LinkUserData } from '@signlink/contracts/links/link-access';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompletionView } from './completion-view.tsx';
import type { LinkStatus, RecipientApi } from './recipient-api.ts';
import type { SigningState } from './use-slot-signing.ts';

// Only a document with Sign & Pay loads the payment step.
const SignPayPanel = lazy(() =>
  import('../sign-pay/sign-pay-panel.tsx').then((module) => ({ default: module.SignPayPanel })),
);

interface SigningOutcomeProps {
  linkId: string;
  api: RecipientApi;
  requestToken: string;
  /** What the link knows of this person: the payer's e-mail address is offered for the receipt. */
  userData: LinkUserData[];
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
  // The payments' own answer is fresher than the aggregates once the completion view stops polling.
  const [paidByAnswer, setPaidByAnswer] = useState<boolean | null>(null);
  const requiresPayment = signing.Signatures.some((slot) => slot.requiresPayment);
  const canBePaid = signing.State !== 'withdrawn' && signing.State !== 'expired';
  if (signing.Aggregates.allSigned || signing.State !== 'open') {
    return (
      <Box sx={{ px: 2 }}>
        {requiresPayment && canBePaid && (
          <Suspense fallback={null}>
            <SignPayPanel
              linkId={linkId}
              requestToken={props.requestToken}
              signatures={signing.Signatures}
              userData={props.userData}
              onError={onError}
              onAllPaid={setPaidByAnswer}
            />
          </Suspense>
        )}
        <CompletionView
          linkId={linkId}
          api={api}
          initialState={signing.State}
          initialSealedPdfAvailable={signing.SealedPdfAvailable}
          allowsDownloading={allowsDownloading}
          fileName={fileName}
          isSignedAndPaid={requiresPayment && (paidByAnswer ?? signing.Aggregates.allPaid)}
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
