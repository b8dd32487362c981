import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SendProblem } from '@signlink/contracts/documents/send-document';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { CostResponse, DocumentsApi, SendResponse } from '../../../api/drafts-api.ts';
import { AppDialog } from '../../../components/dialogs/app-dialog.tsx';
import { FormError } from '../../../components/forms/form-error.tsx';
import { HelpLink } from '../../../components/help/help-link.tsx';
import { CostSummary } from './cost-summary.tsx';
import type { DraftParty } from './editor-state.ts';
import { describeProblem, sendProblemsOf } from './send-problems.ts';

interface SendDialogProps {
  api: DocumentsApi;
  draftId: string;
  parties: readonly DraftParty[];
  /** Saves what the editor holds: the cost and the send read the saved draft. */
  flush: () => Promise<void>;
  /** Sign and send: the sender, the first party, signs before anyone is invited. */
  signFirst?: boolean;
  /** Sending refused the draft: the editor marks each problem at its party and field too. */
  onProblems: (problems: SendProblem[]) => void;
  onSent: (result: SendResponse) => void;
  onClose: () => void;
}

type Review =
  | { step: 'loading' }
  | { step: 'ready'; cost: CostResponse }
  | { step: 'invalid'; problems: SendProblem[]; cost?: CostResponse }
  | { step: 'failed'; error: unknown; cost?: CostResponse };

/**
 * Review and send (issue 6 parts 4 and 5): the cost against the balance, then `POST linktinker/links`. The quote
 * lists what sending would refuse (SPEC section 5, the server's own rules), so every problem shows before Send and
 * Send stays disabled until the sender has fixed them in the editor.
 */
export function SendDialog({
  api,
  draftId,
  parties,
  flush,
  signFirst = false,
  onProblems,
  onSent,
  onClose,
}: SendDialogProps) {
  const { t } = useTranslation();
  const [review, setReview] = useState<Review>({ step: 'loading' });
  const [isSending, setIsSending] = useState(false);

  const showProblems = (problems: SendProblem[], cost?: CostResponse) => {
    onProblems(problems);
    setReview({ step: 'invalid', problems, cost });
  };

  const refuse = (error: unknown, cost?: CostResponse) => {
    const problems = sendProblemsOf(error);
    if (problems) {
      showProblems(problems, cost);
    } else {
      setReview({ step: 'failed', error, cost });
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: priced once when opened; an edit means closing and opening again
  useEffect(() => {
    let isCurrent = true;
    void (async () => {
      try {
        await flush();
        const cost = await api.cost(draftId);
        if (!isCurrent) return;
        if (cost.Problems.length > 0) showProblems(cost.Problems, cost);
        else setReview({ step: 'ready', cost });
      } catch (error) {
        if (isCurrent) refuse(error);
      }
    })();
    return () => {
      isCurrent = false;
    };
  }, []);

  const send = async () => {
    const cost = review.step === 'ready' ? review.cost : undefined;
    setIsSending(true);
    try {
      await flush();
      onSent(await api.send(draftId, { signFirst }));
    } catch (error) {
      refuse(error, cost);
      setIsSending(false);
    }
  };

  const cost = review.step === 'loading' ? undefined : review.cost;
  return (
    <AppDialog
      title={t('editor.send.title')}
      onClose={isSending ? undefined : onClose}
      actions={
        <>
          <Button onClick={onClose} disabled={isSending}>
            {review.step === 'invalid' ? t('editor.send.backToEditor') : t('common.cancel')}
          </Button>
          <Button
            variant="contained"
            onClick={() => void send()}
            disabled={review.step === 'invalid' || !cost?.IsCovered || isSending}
            startIcon={isSending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {signFirst ? t('signAndSend.signAndSend') : t('editor.send.send')}
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        {review.step === 'loading' && (
          <Box
            role="status"
            aria-label={t('editor.send.pricing')}
            sx={{ display: 'grid', placeItems: 'center', py: 4 }}
          >
            <CircularProgress />
          </Box>
        )}
        {review.step === 'invalid' && (
          <>
            <Typography role="alert">{t('errors:documentInvalid')}</Typography>
            <List aria-label={t('editor.send.problems')} sx={{ listStyle: 'disc', pl: 3 }}>
              {review.problems.map((problem) => (
                <ListItem
                  key={`${problem.code}-${problem.path}-${problem.signatureIndex}`}
                  sx={{ display: 'list-item', py: 0.25 }}
                >
                  {describeProblem(t, problem, parties)}
                </ListItem>
              ))}
            </List>
            {/* The draft is saved before the review, so leaving for Billing loses nothing. */}
            {review.problems.some((problem) => problem.code === 'add-on-required') && (
              <Typography>
                <Link component={RouterLink} to="/billing/add-ons">
                  {t('editor.send.buyAddOns')}
                </Link>
              </Typography>
            )}
          </>
        )}
        {cost && (
          <>
            <Typography color="text.secondary">
              {signFirst ? t('signAndSend.sendIntro') : t('editor.send.intro')}
            </Typography>
            <CostSummary cost={cost} />
          </>
        )}
        {review.step === 'failed' && <FormError error={review.error} />}
        <HelpLink slug="sending" />
      </Stack>
    </AppDialog>
  );
}
