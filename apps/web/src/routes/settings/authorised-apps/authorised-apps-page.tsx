import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isOAuthScope } from '@signlink/contracts/developer/oauth';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../api/api-context.tsx';
import { createOAuthApi, oauthGrantsPath, useOAuthGrants } from '../../../api/oauth-api.ts';
import { formatDateTime } from '../../../components/documents/format-date.ts';
import { FormError } from '../../../components/forms/form-error.tsx';
import { SettingsLayout } from '../settings-layout.tsx';
import { useListActions } from '../use-list-actions.tsx';

/**
 * /settings/authorised-apps (SPEC section 2's "authorised OAuth apps"): the apps this person let act for them, for
 * which account and what, each to revoke; revoking stops the app's tokens at once.
 */
export function AuthorisedAppsPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout section="authorised-apps" title={t('settings.title')}>
      {() => <AuthorisedApps />}
    </SettingsLayout>
  );
}

function AuthorisedApps() {
  const { t, i18n } = useTranslation();
  const api = createOAuthApi(useApiClient());
  const grants = useOAuthGrants();
  const { act, feedback } = useListActions(oauthGrantsPath, undefined);
  const scopeLabel = (scope: string) =>
    isOAuthScope(scope)
      ? t(scope === 'documents:write' ? 'oauth.consent.scopes.documentsWrite' : 'oauth.consent.scopes.documentsRead')
      : scope;

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {t('oauth.grants.heading')}
        </Typography>
        <Typography color="text.secondary">{t('oauth.grants.intro')}</Typography>
      </div>
      {feedback}
      {grants.isError && <FormError error={grants.error} />}
      {grants.data?.Grants.length === 0 && <Typography color="text.secondary">{t('oauth.grants.empty')}</Typography>}
      {grants.data?.Grants.map((grant) => (
        <Paper
          key={grant.Id}
          variant="outlined"
          component="section"
          aria-labelledby={`grant-${grant.Id}`}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Stack spacing={1}>
            <Typography id={`grant-${grant.Id}`} variant="h3" sx={{ fontSize: '1.125rem' }}>
              {grant.AppName}
            </Typography>
            <Typography color="text.secondary">{t('oauth.consent.madeBy', { company: grant.CompanyName })}</Typography>
            <Typography>{t('oauth.grants.actsFor', { account: grant.AccountName })}</Typography>
            <Typography>{grant.Scopes.map(scopeLabel).join(', ')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('oauth.grants.since', { date: formatDateTime(grant.Created, i18n.language) })}
            </Typography>
            <Button
              color="error"
              variant="outlined"
              sx={{ alignSelf: 'flex-start' }}
              aria-label={t('oauth.grants.revokeApp', { name: grant.AppName })}
              onClick={() =>
                void act(() => api.revokeGrant(grant.Id), t('oauth.grants.revoked', { name: grant.AppName }))
              }
            >
              {t('oauth.grants.revoke')}
            </Button>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
