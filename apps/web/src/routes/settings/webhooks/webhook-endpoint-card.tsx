import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WebhookDelivery, WebhookEndpoint } from '@signlink/contracts/developer/webhook-endpoints';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/documents/format-date.ts';
import { WebhookDeliveryLog } from './webhook-delivery-log.tsx';

const statusColor = { active: 'success', disabled: 'warning', revoked: 'default' } as const;

/** One endpoint: its address, events and state, its actions, and its delivery log on request. */
export function WebhookEndpointCard({
  endpoint,
  onEdit,
  onRevoke,
  onSendTest,
  onRedeliver,
}: {
  endpoint: WebhookEndpoint;
  onEdit: () => void;
  onRevoke: () => void;
  onSendTest: () => void;
  onRedeliver: (delivery: WebhookDelivery) => void;
}) {
  const { t, i18n } = useTranslation();
  const urlId = useId();
  const [isLogOpen, setIsLogOpen] = useState(false);
  const isActive = endpoint.Status === 'active';
  return (
    <Paper variant="outlined" component="article" aria-labelledby={urlId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography id={urlId} component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere', flex: '1 1 240px' }}>
          {endpoint.Url}
        </Typography>
        <Chip size="small" color={statusColor[endpoint.Status]} label={t(`webhooks.status.${endpoint.Status}`)} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {endpoint.Events.map((event) => t(`webhooks.event.${event}`)).join(', ')}
      </Typography>
      {endpoint.FailingSince && endpoint.Status === 'active' && (
        <Typography variant="body2" color="warning.main" sx={{ mt: 0.5 }}>
          {t('webhooks.failingSince', { date: formatDateTime(endpoint.FailingSince, i18n.language) })}
        </Typography>
      )}
      {endpoint.Status === 'disabled' && (
        <Typography variant="body2" color="warning.main" sx={{ mt: 0.5 }}>
          {t('webhooks.disabledNote')}
        </Typography>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" onClick={() => setIsLogOpen((open) => !open)} aria-expanded={isLogOpen}>
          {t(isLogOpen ? 'webhooks.hideLog' : 'webhooks.showLog')}
        </Button>
        {isActive && (
          <Button size="small" variant="outlined" onClick={onSendTest}>
            {t('webhooks.sendTest')}
          </Button>
        )}
        {endpoint.Status !== 'revoked' && (
          <>
            <Button size="small" onClick={onEdit}>
              {t('webhooks.edit')}
            </Button>
            <Button size="small" color="error" onClick={onRevoke}>
              {t('webhooks.revoke')}
            </Button>
          </>
        )}
      </Stack>
      {isLogOpen && <WebhookDeliveryLog endpointId={endpoint.Id} canRedeliver={isActive} onRedeliver={onRedeliver} />}
    </Paper>
  );
}
