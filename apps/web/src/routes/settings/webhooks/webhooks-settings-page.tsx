import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WebhookDelivery, WebhookEndpoint } from '@signlink/contracts/developer/webhook-endpoints';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../api/api-context.tsx';
import { createWebhooksApi, useWebhooks, webhooksPath } from '../../../api/webhooks-api.ts';
import { useDialogs } from '../../../components/dialogs/dialogs-context.tsx';
import { type ActionResult, ActionResultStatus } from '../../../components/links/action-result-status.tsx';
import { managesIntegrations } from '../../../lib/account-roles.ts';
import { SettingsLayout } from '../settings-layout.tsx';
import { WebhookEndpointCard } from './webhook-endpoint-card.tsx';
import { WebhookFormDialog, type WebhookFormValues } from './webhook-form-dialog.tsx';
import { WebhookSecretDialog } from './webhook-secret-dialog.tsx';

/**
 * /settings/webhooks (SPEC section 2's settings list; issue 26, part 7): a company's administrators add the addresses
 * that receive the account's document events, read each one's delivery log and send a test event. Others are told
 * who can.
 */
export function WebhooksSettingsPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout section="webhooks" title={t('settings.title')}>
      {(auth) =>
        managesIntegrations(auth) ? (
          <WebhooksSettings />
        ) : (
          <Alert severity="info" role="status">
            {t('webhooks.noAccess')}
          </Alert>
        )
      }
    </SettingsLayout>
  );
}

type Editing = { kind: 'add' } | { kind: 'edit'; endpoint: WebhookEndpoint } | null;

function WebhooksSettings() {
  const { t } = useTranslation();
  const api = createWebhooksApi(useApiClient());
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const endpoints = useWebhooks();
  const [editing, setEditing] = useState<Editing>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [result, setResult] = useState<ActionResult | null>(null);

  // The list and every delivery log below it: all start with the webhooks path.
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['api', webhooksPath] });

  const act = async (change: () => Promise<unknown>, notice: string) => {
    setResult(null);
    try {
      await change();
      setResult({ notice });
    } catch (failure) {
      setResult({ failure });
    }
    await refresh();
  };

  const save = async (values: WebhookFormValues) => {
    if (editing?.kind === 'edit') {
      await api.update(editing.endpoint.Id, values);
      setResult({ notice: t('webhooks.saved') });
    } else {
      const created = await api.create(values);
      setSecret(created.Secret);
      setResult({ notice: t('webhooks.added') });
    }
    setEditing(null);
    await refresh();
  };

  const revoke = async (endpoint: WebhookEndpoint) => {
    const isSure = await dialogs.confirm({
      title: t('webhooks.revokeTitle'),
      message: t('webhooks.revokeMessage', { url: endpoint.Url }),
      yesLabel: t('webhooks.revokeConfirm'),
      noLabel: t('common.cancel'),
    });
    if (isSure) await act(() => api.revoke(endpoint.Id), t('webhooks.revoked'));
  };

  const redeliver = (endpoint: WebhookEndpoint, delivery: WebhookDelivery) =>
    void act(() => api.redeliver(endpoint.Id, delivery.Id), t('webhooks.log.redelivered'));

  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ flex: '1 1 320px' }}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
            {t('webhooks.heading')}
          </Typography>
          <Typography color="text.secondary">{t('webhooks.intro')}</Typography>
        </Box>
        <Button variant="contained" onClick={() => setEditing({ kind: 'add' })}>
          {t('webhooks.add')}
        </Button>
      </Box>
      <ActionResultStatus result={result} onClose={() => setResult(null)} list={endpoints} />
      {endpoints.data?.Webhooks.length === 0 && <Typography color="text.secondary">{t('webhooks.empty')}</Typography>}
      {endpoints.data?.Webhooks.map((endpoint) => (
        <WebhookEndpointCard
          key={endpoint.Id}
          endpoint={endpoint}
          onEdit={() => setEditing({ kind: 'edit', endpoint })}
          onRevoke={() => void revoke(endpoint)}
          onSendTest={() => void act(() => api.sendTest(endpoint.Id), t('webhooks.testSent'))}
          onRedeliver={(delivery) => redeliver(endpoint, delivery)}
        />
      ))}
      {editing && (
        <WebhookFormDialog
          {...(editing.kind === 'edit' ? { endpoint: editing.endpoint } : {})}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      )}
      {secret && <WebhookSecretDialog secret={secret} onClose={() => setSecret(null)} />}
    </Stack>
  );
}
