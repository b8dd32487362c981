import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OAuthPlatform } from '@signlink/contracts/developer/oauth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../api/api-context.tsx';
import { createOAuthApi } from '../../../api/oauth-api.ts';

type Act = (change: () => Promise<unknown>, notice: string) => Promise<void>;

/** One app: its client id, its redirect URIs (each to change or revoke), one to add, and revoking the app. */
export function PlatformCard({ platform, act }: { platform: OAuthPlatform; act: Act }) {
  const { t } = useTranslation();
  const api = createOAuthApi(useApiClient());
  const [added, setAdded] = useState('');
  const [editing, setEditing] = useState<{ id: string; uri: string } | null>(null);
  const headingId = `oauth-app-${platform.ClientId}`;

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={1.5}>
        <Stack direction="row" sx={{ gap: 1, justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={headingId} variant="h3" sx={{ fontSize: '1.125rem' }}>
            {platform.Name}
          </Typography>
          <Button
            color="error"
            onClick={() =>
              void act(() => api.revokePlatform(platform.ClientId), t('oauth.apps.revoked', { name: platform.Name }))
            }
          >
            {t('oauth.apps.revoke')}
          </Button>
        </Stack>
        <Typography sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {t('oauth.apps.clientId')}: {platform.ClientId}
        </Typography>
        <Typography variant="h4" sx={{ fontSize: '1rem' }}>
          {t('oauth.apps.redirectUris')}
        </Typography>
        {platform.RedirectUris.length === 0 && (
          <Typography color="text.secondary">{t('oauth.apps.noRedirectUris')}</Typography>
        )}
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {platform.RedirectUris.map((uri) => (
            <Stack component="li" key={uri.Id} direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              {editing?.id === uri.Id ? (
                <>
                  <TextField
                    size="small"
                    label={t('oauth.apps.changeUriLabel', { uri: uri.Uri })}
                    value={editing.uri}
                    onChange={(event) => setEditing({ id: uri.Id, uri: event.target.value })}
                    sx={{ flex: 1, minWidth: 240 }}
                  />
                  <Button
                    onClick={() =>
                      void act(async () => {
                        await api.updateRedirectUri(platform.ClientId, uri.Id, editing.uri.trim());
                        setEditing(null);
                      }, t('oauth.apps.uriChanged'))
                    }
                  >
                    {t('oauth.apps.save')}
                  </Button>
                  <Button onClick={() => setEditing(null)}>{t('oauth.apps.cancel')}</Button>
                </>
              ) : (
                <>
                  <Typography sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', flex: 1 }}>{uri.Uri}</Typography>
                  <Button
                    aria-label={t('oauth.apps.changeUri', { uri: uri.Uri })}
                    onClick={() => setEditing({ id: uri.Id, uri: uri.Uri })}
                  >
                    {t('oauth.apps.change')}
                  </Button>
                  <Button
                    color="error"
                    aria-label={t('oauth.apps.revokeUri', { uri: uri.Uri })}
                    onClick={() =>
                      void act(
                        () => api.revokeRedirectUri(platform.ClientId, uri.Id),
                        t('oauth.apps.uriRevoked', { uri: uri.Uri }),
                      )
                    }
                  >
                    {t('oauth.apps.revoke')}
                  </Button>
                </>
              )}
            </Stack>
          ))}
        </Stack>
        <Stack
          component="form"
          direction="row"
          sx={{ gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
          onSubmit={(event) => {
            event.preventDefault();
            const uri = added.trim();
            if (uri)
              void act(
                async () => {
                  await api.addRedirectUri(platform.ClientId, uri);
                  setAdded('');
                },
                t('oauth.apps.uriAdded', { uri }),
              );
          }}
        >
          <TextField
            size="small"
            label={t('oauth.apps.addUriLabel', { name: platform.Name })}
            value={added}
            onChange={(event) => setAdded(event.target.value)}
            sx={{ flex: 1, minWidth: 240 }}
          />
          <Button type="submit" variant="outlined" disabled={!added.trim()}>
            {t('oauth.apps.addUri')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
