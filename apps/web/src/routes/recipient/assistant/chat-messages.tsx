import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { AnswerSource, AssistantAnswer } from '@signlink/contracts/assistant/assistant-settings';
import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { findSourcePage, type PageTarget } from './source-target.ts';

type Speaker = 'phil' | 'visitor';

/** One message of the conversation: Phil's on the left, the visitor's on the right, each named for screen readers. */
export function ChatBubble({ speaker, children, isBusy }: { speaker: Speaker; children: ReactNode; isBusy?: boolean }) {
  const { t } = useTranslation();
  const isPhil = speaker === 'phil';
  return (
    <Box
      component="li"
      aria-busy={isBusy || undefined}
      sx={{
        listStyle: 'none',
        display: 'flex',
        flexDirection: 'column',
        alignItems: isPhil ? 'flex-start' : 'flex-end',
      }}
    >
      <Typography variant="caption" color="text.secondary" sx={{ px: 1 }}>
        {isPhil ? t('recipientAssistant.phil') : t('recipientAssistant.you')}
      </Typography>
      <Box
        sx={{
          maxWidth: '88%',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: isPhil ? 'grey.100' : 'primary.main',
          color: isPhil ? 'text.primary' : 'primary.contrastText',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

interface AnswerProps {
  answer: AssistantAnswer;
  files: LinkAccessResponse['Documents'];
  onShowPage: (target: PageTarget) => void;
}

/** A finished answer: its text, and where it comes from. */
export function AnswerContent({ answer, files, onShowPage }: AnswerProps) {
  const { t } = useTranslation();
  return (
    <>
      <Typography component="div">{answer.Text}</Typography>
      {answer.Sources.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" component="p" sx={{ fontWeight: 600 }}>
            {t('recipientAssistant.sources')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {answer.Sources.map((source) => (
              <SourceItem
                key={`${source.Kind}-${source.Title}-${source.Page}-${source.Quote}`}
                source={source}
                // The offline assistant's answer is its quotes: saying each twice would only lengthen the chat.
                isQuoted={answer.Text.includes(source.Quote)}
                target={findSourcePage(source, files)}
                onShowPage={onShowPage}
              />
            ))}
          </Box>
        </Box>
      )}
    </>
  );
}

function SourceItem(props: {
  source: AnswerSource;
  isQuoted: boolean;
  target: PageTarget | null;
  onShowPage: AnswerProps['onShowPage'];
}) {
  const { source, isQuoted, target, onShowPage } = props;
  const { t } = useTranslation();
  const where = t('recipientAssistant.sourcePage', { page: source.Page, title: source.Title });
  return (
    <Typography component="li" variant="body2" sx={{ mb: 0.5 }}>
      {target ? (
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => onShowPage(target)}
          sx={{ textAlign: 'left', verticalAlign: 'baseline' }}
        >
          {where}
        </Link>
      ) : (
        where
      )}
      {source.Quote && !isQuoted && (
        <Box component="q" sx={{ display: 'block', fontStyle: 'italic', color: 'text.secondary' }}>
          {source.Quote}
        </Box>
      )}
    </Typography>
  );
}
