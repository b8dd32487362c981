import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { listDevWebhooksRoute } from '@signlink/contracts/developer/dev-webhooks.routes';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../api/use-api-query.ts';
import { formatDateTime } from '../../components/documents/format-date.ts';
import { FormError } from '../../components/forms/form-error.tsx';
import { FullPageMessage, PageSymbol } from '../../components/full-page/full-page-message.tsx';
import { PageLayout } from '../../components/layout/page-layout.tsx';

const refreshIntervalMs = 2_000;

function signatureChip(valid: boolean | null, t: (key: string) => string) {
  if (valid === true) return <Chip size="small" color="success" label={t('webhooks.dev.signatureValid')} />;
  if (valid === false) return <Chip size="small" color="error" label={t('webhooks.dev.signatureInvalid')} />;
  return <Chip size="small" label={t('webhooks.dev.signatureUnknown')} />;
}

/**
 * The development webhook inbox (issue 26, part 4), like the developer mailbox: what arrived at
 * `/v2/dev/webhooks/inbox/<name>`, with whether each signature holds. Production has no such API, and the page says so.
 */
export function DevWebhooksPage() {
  const { t, i18n } = useTranslation();
  const received = useApiQuery(
    listDevWebhooksRoute,
    {},
    { silent: true },
    { retry: false, refetchInterval: (query) => (query.state.error ? false : refreshIntervalMs) },
  );

  if (received.error?.status === 404) {
    return (
      <PageLayout>
        <FullPageMessage visual={<PageSymbol tone="warning">⚓</PageSymbol>} title={t('routes.devWebhooks')}>
          {t('webhooks.dev.unavailable')}
        </FullPageMessage>
      </PageLayout>
    );
  }

  return (
    <PageLayout>
      <Box sx={{ maxWidth: 1000, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 5 }, width: '100%' }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, mb: 1 }}>
          {t('routes.devWebhooks')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('webhooks.dev.intro', { path: '/v2/dev/webhooks/inbox/<name>' })}
        </Typography>
        {received.isPending && <CircularProgress aria-label={t('states.loading')} />}
        {received.isError && <FormError error={received.error} />}
        {received.data?.Webhooks.length === 0 && (
          <Typography color="text.secondary">{t('webhooks.dev.empty')}</Typography>
        )}
        <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {received.data?.Webhooks.map((webhook) => (
            <Paper
              component="li"
              variant="outlined"
              key={webhook.Id}
              sx={{ p: 2 }}
              aria-label={webhook.Type ?? webhook.Id}
            >
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                <Typography component="h2" sx={{ fontWeight: 600, fontSize: '1rem' }}>
                  {webhook.Type ?? '—'}
                </Typography>
                {signatureChip(webhook.SignatureValid, t)}
                <Typography variant="body2" color="text.secondary">
                  <time dateTime={webhook.ReceivedAt}>{formatDateTime(webhook.ReceivedAt, i18n.language)}</time>
                  {' · '}
                  {t('webhooks.dev.inbox', { name: webhook.Inbox })}
                </Typography>
              </Box>
              <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                webhook-id: <code>{webhook.WebhookId ?? '—'}</code>
              </Typography>
              <Box
                component="pre"
                sx={{ mt: 1, mb: 0, p: 1, bgcolor: 'action.hover', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                {webhook.Body}
              </Box>
            </Paper>
          ))}
        </Stack>
      </Box>
    </PageLayout>
  );
}
