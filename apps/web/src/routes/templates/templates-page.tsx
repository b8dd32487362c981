import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { roles } from '@signlink/contracts/auth/roles';
import { listTemplatesRoute } from '@signlink/contracts/templates/templates.routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSignedInUser } from '../../api/session-context.tsx';
import type { TemplateSummary } from '../../api/templates-api.ts';
import { useApiQuery } from '../../api/use-api-query.ts';
import { FormError } from '../../components/forms/form-error.tsx';
import { PageLayout } from '../../components/layout/page-layout.tsx';
import { TemplatesList } from './templates-list.tsx';
import { UseTemplateDialog } from './use-template-dialog.tsx';

/**
 * /templates (issue 24, part 1): the caller's and the account's shared templates, each to use, edit, rename, share,
 * delete or publish as a public link; a notice when the account has neither an annual plan nor the add-on.
 */
export function TemplatesPage() {
  const { t } = useTranslation();
  const auth = useSignedInUser();
  // Loaded again on every visit: the editor just changed a template, and a cached list would hide it.
  const query = useApiQuery(listTemplatesRoute, undefined, { silent: true }, { retry: false, staleTime: 0 });
  const [using, setUsing] = useState<TemplateSummary | null>(null);
  const canUse = query.data?.CanUseTemplates ?? true;
  // SPEC section 6: contributors make templates; only those who send use them.
  const mayUse = auth ? auth.user.Role === roles.administrator || auth.user.Role === roles.regular : false;

  return (
    <PageLayout>
      <Box sx={{ width: '100%', maxWidth: 960, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 5 } }}>
        <Stack spacing={3}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}
          >
            <div>
              <Typography variant="h1" sx={{ fontSize: '2rem', mb: 0.5 }}>
                {t('templates.title')}
              </Typography>
              <Typography color="text.secondary">{t('templates.intro')}</Typography>
            </div>
            <Button component={RouterLink} to="/templates/create" variant="contained" sx={{ flex: 'none' }}>
              {t('templates.create')}
            </Button>
          </Stack>
          {!canUse && (
            <Alert severity="info">
              {t('templates.needsPlan')}{' '}
              <Link component={RouterLink} to="/billing/add-ons">
                {t('templates.needsPlanLink')}
              </Link>
            </Alert>
          )}
          {query.isError && <FormError error={query.error} />}
          {query.isSuccess && query.data.Templates.length === 0 && (
            <Typography color="text.secondary">{t('templates.empty')}</Typography>
          )}
          {query.isSuccess && query.data.Templates.length > 0 && (
            <TemplatesList
              templates={query.data.Templates}
              canUse={canUse}
              mayUse={mayUse}
              onUse={setUsing}
              onChanged={() => void query.refetch()}
            />
          )}
        </Stack>
      </Box>
      {using && <UseTemplateDialog template={using} onClose={() => setUsing(null)} />}
    </PageLayout>
  );
}
