import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { DevMessage } from '@signlink/contracts/messaging/dev-messages';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../api/api-error.ts';
import { MessageCard } from './message-card.tsx';
import { failureText } from './use-dev-messages.ts';

export interface MessageListProps {
  messages: DevMessage[] | undefined;
  recipient: string;
  isLoading: boolean;
  /** A failed refresh; the last list stays shown under it. */
  error: ApiError | null;
}

/** The received messages, newest first, or what to say when there are none. */
export function MessageList({ messages, recipient, isLoading, error }: MessageListProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      {error && <Alert severity="warning">{t('devMailbox.list.loadFailed', { reason: failureText(error, t) })}</Alert>}
      {isLoading && !messages && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t('states.loading')} />
        </Box>
      )}
      {messages?.length === 0 && (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography sx={{ fontWeight: 600, mb: 0.5 }}>
            {recipient ? t('devMailbox.list.emptyFor', { recipient }) : t('devMailbox.list.empty')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('devMailbox.list.emptyHint')}
          </Typography>
        </Paper>
      )}
      {messages?.map((message) => (
        <MessageCard key={message.id} message={message} />
      ))}
    </Box>
  );
}
