import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { WebhookDelivery } from '@signlink/contracts/developer/webhook-endpoints';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useWebhookDeliveries } from '../../../api/webhooks-api.ts';
import { formatDateTime } from '../../../components/documents/format-date.ts';
import { FormError } from '../../../components/forms/form-error.tsx';

const statusColor = { pending: 'default', delivered: 'success', failed: 'error' } as const;

/** The endpoint's latest deliveries: when, which event, how it stands, its attempts and the last answer's excerpt. */
export function WebhookDeliveryLog({
  endpointId,
  canRedeliver,
  onRedeliver,
}: {
  endpointId: string;
  canRedeliver: boolean;
  onRedeliver: (delivery: WebhookDelivery) => void;
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const deliveries = useWebhookDeliveries(endpointId);
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Typography id={headingId} variant="h4" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
        {t('webhooks.log.heading')}
      </Typography>
      {deliveries.isPending && <CircularProgress size={20} aria-label={t('states.loading')} />}
      {deliveries.isError && <FormError error={deliveries.error} />}
      {deliveries.data?.Deliveries.length === 0 && (
        <Typography color="text.secondary">{t('webhooks.log.empty')}</Typography>
      )}
      <List disablePadding aria-labelledby={headingId}>
        {deliveries.data?.Deliveries.map((delivery) => {
          const [last] = delivery.Attempts;
          return (
            <ListItem
              key={delivery.Id}
              divider
              aria-label={`${delivery.EventType} ${formatDateTime(delivery.CreatedAt, i18n.language)}`}
              sx={{ display: 'block', px: 0 }}
            >
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                <Typography component="span" sx={{ fontWeight: 600 }}>
                  {delivery.EventType}
                </Typography>
                <Chip
                  size="small"
                  color={statusColor[delivery.Status]}
                  label={t(`webhooks.deliveryStatus.${delivery.Status}`)}
                />
                <Typography component="span" variant="body2" color="text.secondary">
                  <time dateTime={delivery.CreatedAt}>{formatDateTime(delivery.CreatedAt, i18n.language)}</time>
                  {' · '}
                  {t('webhooks.log.attempts', { count: delivery.AttemptCount })}
                </Typography>
                {canRedeliver && (
                  <Button size="small" sx={{ ml: 'auto' }} onClick={() => onRedeliver(delivery)}>
                    {t('webhooks.log.redeliver')}
                  </Button>
                )}
              </Box>
              {last && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                  {t(`webhooks.outcome.${last.Outcome}`)}
                  {last.StatusCode !== null && ` (HTTP ${last.StatusCode})`}
                  {last.Error && ` · ${last.Error}`}
                  {last.ResponseExcerpt && (
                    <Box
                      component="code"
                      sx={{ display: 'block', mt: 0.5, whiteSpace: 'pre-wrap', fontSize: '0.8rem' }}
                    >
                      {last.ResponseExcerpt.slice(0, 300)}
                    </Box>
                  )}
                </Typography>
              )}
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
