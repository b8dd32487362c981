import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { DevMessage } from '@signlink/contracts/messaging/dev-messages';
import { useTranslation } from 'react-i18next';
import { LinkedText } from '../../components/linked-text.tsx';
import { currentLocale } from '../../i18n/create-app-i18n.ts';
import { ChannelChip, StatusChip } from './channel-chip.tsx';
import { MessageHtmlPreview } from './message-html-preview.tsx';

/** One received e-mail or text: who, when, the body with its links clickable, and an e-mail's HTML on demand. */
export function MessageCard({ message }: { message: DevMessage }) {
  const { t, i18n } = useTranslation();
  const receivedAt = new Date(message.receivedAt);
  const time = new Intl.DateTimeFormat(currentLocale(i18n), { dateStyle: 'medium', timeStyle: 'medium' }).format(
    receivedAt,
  );
  const subject = message.subject ?? '';
  return (
    <Paper component="article" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <ChannelChip channel={message.channel} />
        {message.status && <StatusChip status={message.status} />}
        <Typography
          component="time"
          dateTime={message.receivedAt}
          variant="body2"
          color="text.secondary"
          sx={{ ml: 'auto' }}
        >
          {time}
        </Typography>
      </Box>
      {message.channel === 'email' && (
        <Typography variant="h3" component="h3" sx={{ fontSize: '1.0625rem', mb: 0.5, overflowWrap: 'anywhere' }}>
          {subject || t('devMailbox.message.noSubject')}
        </Typography>
      )}
      <Box
        component="dl"
        sx={{
          m: 0,
          mb: 1.5,
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          columnGap: 1.5,
          rowGap: 0.25,
          fontSize: '0.875rem',
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, overflowWrap: 'anywhere', minWidth: 0 },
        }}
      >
        <dt>{t('devMailbox.message.to')}</dt>
        <dd>{message.to.join(', ')}</dd>
        <dt>{t('devMailbox.message.from')}</dt>
        <dd>{message.from}</dd>
        {message.attachments && (
          <>
            <dt>{t('devMailbox.message.attachments')}</dt>
            <dd>
              {message.attachments
                .map((file) => `${file.filename} (${Math.ceil(file.size / 1024).toLocaleString(i18n.language)} kB)`)
                .join(', ')}
            </dd>
          </>
        )}
      </Box>
      <Typography
        component="div"
        variant="body2"
        sx={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          bgcolor: 'action.hover',
          borderRadius: 1,
          p: 1.5,
          maxHeight: 320,
          overflowY: 'auto',
        }}
      >
        <LinkedText text={message.text} />
      </Typography>
      {message.links.length > 0 && (
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="body2" color="text.secondary" component="h4" sx={{ mb: 0.5 }}>
            {t('devMailbox.message.links')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5, fontSize: '0.875rem' }}>
            {message.links.map((link) => (
              <li key={link}>
                <Link href={link} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
                  {link}
                </Link>
              </li>
            ))}
          </Box>
        </Box>
      )}
      {message.hasHtml && (
        <Box sx={{ mt: 1.5 }}>
          <MessageHtmlPreview messageId={message.id} subject={subject} />
        </Box>
      )}
    </Paper>
  );
}
