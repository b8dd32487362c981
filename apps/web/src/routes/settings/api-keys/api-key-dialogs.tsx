import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type ApiClient,
  type ApiClientAccessLevel,
  apiClientAccessLevels,
  apiClientNameMaxLength,
  type CreatedApiClient,
} from '@signlink/contracts/developer/api-clients';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClientsPath, createApiClientsApi } from '../../../api/api-clients-api.ts';
import { useApiClient } from '../../../api/api-context.tsx';
import { AppDialog } from '../../../components/dialogs/app-dialog.tsx';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';
import { FormError } from '../../../components/forms/form-error.tsx';
import { useStepCall } from '../../../components/forms/step-form.tsx';
import { copyLinkAddress, LinkAddressField } from '../../../components/links/link-address.tsx';

/** A new key (no `client`) or a key's name and access level; a new one answers with its secret, shown next. */
export function ApiKeyDialog({
  client,
  onClose,
  onSaved,
}: {
  client?: ApiClient;
  onClose: () => void;
  onSaved: (saved: ApiClient | CreatedApiClient) => void;
}) {
  const { t } = useTranslation();
  const api = createApiClientsApi(useApiClient());
  const queryClient = useQueryClient();
  const call = useStepCall();
  const [name, setName] = useState(client?.Name ?? '');
  const [accessLevel, setAccessLevel] = useState<ApiClientAccessLevel>(client?.AccessLevel ?? 'full');
  const nameProblem = call.isChecked && name.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    call.check();
    if (name.trim() === '') return;
    void call.run(async () => {
      const body = { Name: name.trim(), AccessLevel: accessLevel };
      const saved = client ? await api.update(client.ClientId, body) : await api.create(body);
      await queryClient.invalidateQueries({ queryKey: ['api', apiClientsPath] });
      onSaved(saved);
    });
  };

  return (
    <FormDialog
      title={t(client ? 'apiClients.dialog.editTitle' : 'apiClients.dialog.newTitle')}
      intro={t('apiClients.dialog.intro')}
      submitLabel={t(client ? 'apiClients.dialog.save' : 'apiClients.dialog.create')}
      onSubmit={submit}
      onClose={onClose}
      isProcessing={call.isProcessing}
      isFullScreenOnPhone
    >
      <TextField
        label={t('apiClients.dialog.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        autoFocus
        disabled={call.isProcessing}
        error={nameProblem}
        helperText={nameProblem ? t('apiClients.dialog.nameMissing') : t('apiClients.dialog.nameHelp')}
        slotProps={{ htmlInput: { maxLength: apiClientNameMaxLength, autoComplete: 'off' } }}
      />
      <TextField
        select
        label={t('apiClients.dialog.accessLevel')}
        value={accessLevel}
        onChange={(event) => setAccessLevel(event.target.value as ApiClientAccessLevel)}
        disabled={call.isProcessing}
        helperText={t(`apiClients.accessLevelHelp.${accessLevel}`)}
      >
        {apiClientAccessLevels.map((level) => (
          <MenuItem key={level} value={level}>
            {t(`apiClients.accessLevels.${level}`)}
          </MenuItem>
        ))}
      </TextField>
      <FormError error={call.failure} />
    </FormDialog>
  );
}

/** The new key's id and secret, this once: only a hash of the secret is kept, so nobody can show it again. */
export function ApiKeySecretDialog({ created, onClose }: { created: CreatedApiClient; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'id' | 'secret' | 'failed' | null>(null);
  const copy = async (what: 'id' | 'secret', value: string) => {
    setCopied((await copyLinkAddress(value)) ? what : 'failed');
  };
  return (
    <AppDialog
      title={t('apiClients.secret.title', { name: created.Name })}
      isFullScreenOnPhone
      actions={
        <Button variant="contained" onClick={onClose}>
          {t('apiClients.secret.done')}
        </Button>
      }
    >
      <Stack spacing={2}>
        <Alert severity="warning">{t('apiClients.secret.warning')}</Alert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <LinkAddressField label={t('apiClients.columns.clientId')} url={created.ClientId} />
          <Button variant="outlined" onClick={() => void copy('id', created.ClientId)} sx={{ flexShrink: 0 }}>
            {t('apiClients.copyId')}
          </Button>
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <LinkAddressField label={t('apiClients.secret.label')} url={created.Secret} />
          <Button variant="outlined" onClick={() => void copy('secret', created.Secret)} sx={{ flexShrink: 0 }}>
            {t('apiClients.secret.copy')}
          </Button>
        </Stack>
        <Typography role="status" color="text.secondary">
          {copied === 'failed' ? t('apiClients.copyFailed') : copied ? t(`apiClients.copied.${copied}`) : ''}
        </Typography>
      </Stack>
    </AppDialog>
  );
}
