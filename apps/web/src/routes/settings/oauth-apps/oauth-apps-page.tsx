import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../api/api-context.tsx';
import { createOAuthApi, platformsPath, usePlatforms } from '../../../api/oauth-api.ts';
import { FormError } from '../../../components/forms/form-error.tsx';
import { managesIntegrations } from '../../../lib/account-roles.ts';
import { SettingsLayout } from '../settings-layout.tsx';
import { useListActions } from '../use-list-actions.tsx';
import { PlatformCard } from './platform-card.tsx';

/**
 * /settings/oauth-apps (SPEC section 2's "redirect URIs"): the company's OAuth apps, a new one with its secret shown
 * once, and each app's exact redirect URIs to add, change or revoke.
 */
export function OAuthAppsPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout section="oauth-apps" title={t('settings.title')}>
      {(auth) =>
        managesIntegrations(auth) ? (
          <OAuthAppsSettings />
        ) : (
          <Alert severity="info" role="status">
            {t('oauth.apps.noAccess')}
          </Alert>
        )
      }
    </SettingsLayout>
  );
}

function OAuthAppsSettings() {
  const { t } = useTranslation();
  const api = createOAuthApi(useApiClient());
  const platforms = usePlatforms();
  const { act, feedback } = useListActions(platformsPath, undefined);
  const [name, setName] = useState('');
  const [redirectUri, setRedirectUri] = useState('');
  const [created, setCreated] = useState<{ name: string; clientId: string; secret: string } | null>(null);

  const register = () =>
    act(
      async () => {
        const app = await api.createPlatform({
          Name: name.trim(),
          ...(redirectUri.trim() ? { RedirectUri: redirectUri.trim() } : {}),
        });
        setCreated({ name: app.Name, clientId: app.ClientId, secret: app.ClientSecret });
        setName('');
        setRedirectUri('');
      },
      t('oauth.apps.registered', { name: name.trim() }),
    );

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {t('oauth.apps.heading')}
        </Typography>
        <Typography color="text.secondary">{t('oauth.apps.intro')}</Typography>
      </div>
      <Stack
        component="form"
        aria-label={t('oauth.apps.register')}
        spacing={1.5}
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim()) void register();
        }}
      >
        <TextField
          label={t('oauth.apps.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
        />
        <TextField
          label={t('oauth.apps.redirectUri')}
          value={redirectUri}
          onChange={(event) => setRedirectUri(event.target.value)}
          helperText={t('oauth.apps.redirectUriHelp')}
        />
        <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }} disabled={!name.trim()}>
          {t('oauth.apps.register')}
        </Button>
      </Stack>
      {feedback}
      {created && (
        <Alert severity="warning" onClose={() => setCreated(null)}>
          <Typography>{t('oauth.apps.secretOnce', { name: created.name })}</Typography>
          <Typography component="p" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {t('oauth.apps.clientId')}: {created.clientId}
          </Typography>
          <Typography component="p" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {t('oauth.apps.clientSecret')}: {created.secret}
          </Typography>
        </Alert>
      )}
      {platforms.isError && <FormError error={platforms.error} />}
      {platforms.data?.Platforms.length === 0 && (
        <Typography color="text.secondary">{t('oauth.apps.empty')}</Typography>
      )}
      {platforms.data?.Platforms.map((platform) => (
        <PlatformCard key={platform.ClientId} platform={platform} act={act} />
      ))}
    </Stack>
  );
}
