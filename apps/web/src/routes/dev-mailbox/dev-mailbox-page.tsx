import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageMessage, PageSymbol } from '../../components/full-page/full-page-message.tsx';
import { PageLayout } from '../../components/layout/page-layout.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { MessageList } from './message-list.tsx';
import { SendTestMessageForm } from './send-test-message-form.tsx';
import { isMailboxUnavailable, refreshIntervalMs, useDevMessages } from './use-dev-messages.ts';

const filterDelayMs = 400;

/**
 * The developer mailbox (issue 3): what the e-mail and SMS simulators received, with every link clickable, so a
 * person trying Signlink locally can follow each flow. Production has no such API, and the page says so.
 */
export function DevMailboxPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const recipient = useDebouncedValue(filter.trim(), filterDelayMs);
  const messages = useDevMessages(recipient);
  const listHeadingId = useId();

  if (isMailboxUnavailable(messages.error)) {
    return (
      <PageLayout>
        <FullPageMessage visual={<PageSymbol tone="warning">✉</PageSymbol>} title={t('routes.devMailbox')}>
          {t('devMailbox.unavailable')}
        </FullPageMessage>
      </PageLayout>
    );
  }

  return (
    <PageLayout>
      <Box sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 5 }, width: '100%' }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, mb: 1 }}>
          {t('routes.devMailbox')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: { xs: 3, sm: 4 } }}>
          {t('devMailbox.intro')}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '340px minmax(0, 1fr)' },
            alignItems: 'start',
          }}
        >
          <Box sx={{ position: { md: 'sticky' }, top: { md: 24 } }}>
            <SendTestMessageForm />
          </Box>
          <Box component="section" aria-labelledby={listHeadingId} sx={{ minWidth: 0 }}>
            <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
              <Typography id={listHeadingId} variant="h2" sx={{ fontSize: '1.125rem' }}>
                {t('devMailbox.list.heading')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('devMailbox.list.autoRefresh', { seconds: refreshIntervalMs / 1000 })}
              </Typography>
            </Box>
            <TextField
              type="search"
              fullWidth
              size="small"
              label={t('devMailbox.filter.label')}
              helperText={t('devMailbox.filter.helper')}
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              sx={{ mb: 2 }}
            />
            <MessageList
              messages={messages.data?.messages}
              recipient={recipient}
              isLoading={messages.isLoading}
              error={messages.error}
            />
          </Box>
        </Box>
      </Box>
    </PageLayout>
  );
}
