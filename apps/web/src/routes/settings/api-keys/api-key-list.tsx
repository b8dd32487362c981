import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApiClient } from '@signlink/contracts/developer/api-clients';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/documents/format-date.ts';
import { copyLinkAddress } from '../../../components/links/link-address.tsx';

/**
 * The account's keys, newest first, one item each (a table's seven columns never fit a phone): the name, the client
 * id to copy, the access level, when made and last used, the secret's last characters, and whether it is revoked.
 */
export function ApiKeyList({
  clients,
  onEdit,
  onRevoke,
}: {
  clients: readonly ApiClient[];
  onEdit: (client: ApiClient) => void;
  onRevoke: (client: ApiClient) => void;
}) {
  const { t, i18n } = useTranslation();
  const [copied, setCopied] = useState<string | null>(null);
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  const copy = async (client: ApiClient) => {
    setCopied((await copyLinkAddress(client.ClientId)) ? t('apiClients.copied.id') : t('apiClients.copyFailed'));
  };
  return (
    <>
      <Paper variant="outlined">
        <List disablePadding aria-labelledby="api-keys-heading">
          {clients.map((client, index) => (
            <ListItem
              key={client.ClientId}
              divider={index < clients.length - 1}
              aria-label={client.Name}
              sx={{ flexWrap: 'wrap', gap: 1.5, py: 1.5, alignItems: 'flex-start' }}
            >
              <Stack spacing={0.5} sx={{ flex: '1 1 280px', minWidth: 0 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{client.Name}</Typography>
                  <Chip size="small" label={t(`apiClients.accessLevels.${client.AccessLevel}`)} />
                  {client.Revoked && (
                    <Chip size="small" color="error" variant="outlined" label={t('apiClients.revokedChip')} />
                  )}
                </Stack>
                <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                  {client.ClientId}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {[
                    t('apiClients.createdAt', { when: when(client.Created) }),
                    client.LastUsed
                      ? t('apiClients.lastUsedAt', { when: when(client.LastUsed) })
                      : t('apiClients.neverUsed'),
                    t('apiClients.hint', { hint: client.SecretHint }),
                    ...(client.Revoked ? [t('apiClients.revokedAt', { when: when(client.Revoked) })] : []),
                  ].join(' · ')}
                </Typography>
              </Stack>
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                <Button onClick={() => void copy(client)} aria-label={t('apiClients.copyIdOf', { name: client.Name })}>
                  {t('apiClients.copyId')}
                </Button>
                <Button onClick={() => onEdit(client)} aria-label={t('apiClients.editOf', { name: client.Name })}>
                  {t('apiClients.edit')}
                </Button>
                {!client.Revoked && (
                  <Button
                    color="error"
                    onClick={() => onRevoke(client)}
                    aria-label={t('apiClients.revoke.for', { name: client.Name })}
                  >
                    {t('apiClients.revoke.button')}
                  </Button>
                )}
              </Stack>
            </ListItem>
          ))}
        </List>
      </Paper>
      <Typography role="status" variant="body2" color="text.secondary">
        {copied ?? ''}
      </Typography>
    </>
  );
}
