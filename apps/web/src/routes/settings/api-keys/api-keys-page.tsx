import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApiClient, CreatedApiClient } from '@signlink/contracts/developer/api-clients';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClientsPath, createApiClientsApi, useApiClients } from '../../../api/api-clients-api.ts';
import { useApiClient } from '../../../api/api-context.tsx';
import { useBrand } from '../../../brand/brand-context.tsx';
import { useDialogs } from '../../../components/dialogs/dialogs-context.tsx';
import { FormError } from '../../../components/forms/form-error.tsx';
import { HelpLink } from '../../../components/help/help-link.tsx';
import { managesIntegrations } from '../../../lib/account-roles.ts';
import { SettingsLayout } from '../settings-layout.tsx';
import { ApiKeyDialog, ApiKeySecretDialog } from './api-key-dialogs.tsx';
import { ApiKeyList } from './api-key-list.tsx';

/**
 * /settings/api-keys (SPEC section 2's settings, issue 26): a company's administrators make the keys their own systems
 * call the API with, see when each was last used, rename, change or revoke them.
 */
export function ApiKeysPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout section="api-keys" title={t('settings.title')}>
      {(auth) =>
        managesIntegrations(auth) ? <ApiKeysSection /> : <Alert severity="info">{t('apiClients.adminsOnly')}</Alert>
      }
    </SettingsLayout>
  );
}

type Dialog = { kind: 'new' } | { kind: 'edit'; client: ApiClient } | { kind: 'secret'; created: CreatedApiClient };

function ApiKeysSection() {
  const { t } = useTranslation();
  const brand = useBrand();
  const clients = useApiClients(true);
  const api = createApiClientsApi(useApiClient());
  const queryClient = useQueryClient();
  const dialogs = useDialogs();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const revoke = async (client: ApiClient) => {
    const isSure = await dialogs.confirm({
      title: t('apiClients.revoke.title', { name: client.Name }),
      message: t('apiClients.revoke.message'),
      yesLabel: t('apiClients.revoke.confirm'),
      noLabel: t('common.cancel'),
    });
    if (!isSure) return;
    setFailure(null);
    try {
      await api.revoke(client.ClientId);
      await queryClient.invalidateQueries({ queryKey: ['api', apiClientsPath] });
      setNotice(t('apiClients.revoke.done', { name: client.Name }));
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <Stack component="section" spacing={1.5} aria-labelledby="api-keys-heading">
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography id="api-keys-heading" variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('apiClients.heading')}
        </Typography>
        <Button variant="outlined" onClick={() => setDialog({ kind: 'new' })}>
          {t('apiClients.new')}
        </Button>
      </Stack>
      <Typography color="text.secondary">{t('apiClients.intro', { brandName: brand.name })}</Typography>
      <HelpLink slug="api" />
      {notice && (
        <Alert severity="success" role="status" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {clients.isError && <FormError error={clients.error} />}
      <FormError error={failure} />
      {clients.data?.Clients.length === 0 && <Typography color="text.secondary">{t('apiClients.empty')}</Typography>}
      {clients.data && clients.data.Clients.length > 0 && (
        <ApiKeyList
          clients={clients.data.Clients}
          onEdit={(client) => setDialog({ kind: 'edit', client })}
          onRevoke={(client) => void revoke(client)}
        />
      )}
      {(dialog?.kind === 'new' || dialog?.kind === 'edit') && (
        <ApiKeyDialog
          {...(dialog.kind === 'edit' ? { client: dialog.client } : {})}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            if ('Secret' in saved) setDialog({ kind: 'secret', created: saved });
            else {
              setDialog(null);
              setNotice(t('apiClients.saved', { name: saved.Name }));
            }
          }}
        />
      )}
      {dialog?.kind === 'secret' && <ApiKeySecretDialog created={dialog.created} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
