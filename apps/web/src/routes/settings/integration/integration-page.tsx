import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { HelpLink } from '../../../components/help/help-link.tsx';
import { managesIntegrations } from '../../../lib/account-roles.ts';
import { SettingsLayout } from '../settings-layout.tsx';

/** Where each part of the developer platform lives (issue 26); the OpenAPI page is the server's own (openapi.ts). */
const sections = [
  { key: 'apiKeys', to: '/settings/api-keys' },
  { key: 'webhooks', to: '/settings/webhooks' },
  { key: 'oauthApps', to: '/settings/oauth-apps' },
  { key: 'authorisedApps', to: '/settings/authorised-apps' },
  { key: 'developerLog', to: '/logger' },
  { key: 'apiDocs', href: '/v2/docs' },
] as const;

/**
 * /settings/integration (SPEC section 2's settings list; issue 26, part 7): a company administrator's way in to the
 * integration screens, each with a line on what it is for. Others read why they have nothing here.
 */
export function IntegrationPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout section="integration" title={t('settings.title')}>
      {(auth) =>
        managesIntegrations(auth) ? (
          <Stack spacing={3}>
            <div>
              <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
                {t('integration.heading')}
              </Typography>
              <Typography color="text.secondary">{t('integration.intro')}</Typography>
              <HelpLink slug="api" />
            </div>
            <Stack
              component="ul"
              aria-label={t('integration.sections')}
              spacing={1.5}
              sx={{ listStyle: 'none', p: 0, m: 0 }}
            >
              {sections.map((section) => (
                <Paper component="li" variant="outlined" key={section.key} sx={{ p: 2 }}>
                  <Typography component="h3" sx={{ fontWeight: 600, fontSize: '1.05rem' }}>
                    {'to' in section ? (
                      <Link component={RouterLink} to={section.to}>
                        {t(`integration.${section.key}.title`)}
                      </Link>
                    ) : (
                      <Link href={section.href} target="_blank" rel="noopener">
                        {t(`integration.${section.key}.title`)}
                      </Link>
                    )}
                  </Typography>
                  <Typography color="text.secondary" variant="body2" sx={{ mt: 0.5 }}>
                    {t(`integration.${section.key}.text`)}
                  </Typography>
                </Paper>
              ))}
            </Stack>
          </Stack>
        ) : (
          <Alert severity="info" role="status">
            {t('integration.noAccess')}
          </Alert>
        )
      }
    </SettingsLayout>
  );
}
