import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PublicLink } from '@signlink/contracts/public-links/public-links';
import { listPublicLinksRoute } from '@signlink/contracts/public-links/public-links.routes';
import { listTemplatesRoute } from '@signlink/contracts/templates/templates.routes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { useApiClient } from '../../api/api-context.tsx';
import { createPublicLinksApi, ownLinksPath, publicLinksPath } from '../../api/public-links-api.ts';
import { useApiQuery } from '../../api/use-api-query.ts';
import { DocumentsPage } from '../../components/documents/documents-page.tsx';
import { FormError } from '../../components/forms/form-error.tsx';
import { copyLinkAddress, LinkAddressField } from '../../components/links/link-address.tsx';
import { LinkForm } from './link-form.tsx';
import { fixedRolesOf, gateFieldsOf, gateOf, roleChoicesOf } from './link-form-state.ts';
import { LinkQrCode } from './link-qr-code.tsx';

function Loading() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
      <CircularProgress />
    </Box>
  );
}

function useRefreshLinks() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['api', publicLinksPath] }),
      queryClient.invalidateQueries({ queryKey: ['api', ownLinksPath] }),
    ]);
}

/** /links/create?template={id}: a template published as a public link, then its address and QR code. */
export function CreateLinkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const api = createPublicLinksApi(useApiClient());
  const refresh = useRefreshLinks();
  const [params, setParams] = useSearchParams();
  const templates = useApiQuery(listTemplatesRoute, {}, { silent: true }, { retry: false });
  const [created, setCreated] = useState<PublicLink | null>(null);
  const list = templates.data?.Templates ?? [];
  const template = list.find((candidate) => candidate.Id === params.get('template')) ?? list[0];

  let content = <Loading />;
  if (created) content = <LinkCreated link={created} />;
  else if (templates.isError) content = <FormError error={templates.error} />;
  else if (templates.data && !templates.data.CanUseTemplates) {
    content = <Alert severity="info">{t('publicLinks.form.needsPlan')}</Alert>;
  } else if (templates.data && !template) {
    content = (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography sx={{ mb: 2 }}>{t('publicLinks.form.noTemplates')}</Typography>
        <Button component={RouterLink} to="/templates" variant="outlined">
          {t('routes.templates')}
        </Button>
      </Paper>
    );
  } else if (template) {
    content = (
      <LinkForm
        key={template.Id}
        initial={{ name: template.Name, gate: 'none', roles: roleChoicesOf(template.Roles) }}
        submitLabel={t('publicLinks.form.publish')}
        onCancel={() => navigate('/links')}
        onSubmit={async (state) => {
          const link = await api.create({
            Name: state.name.trim(),
            TemplateId: template.Id,
            ...gateFieldsOf(state.gate),
            FixedRoles: fixedRolesOf(state.roles),
          });
          await refresh();
          setCreated(link);
        }}
      >
        <TextField
          select
          label={t('publicLinks.form.template')}
          value={template.Id}
          onChange={(event) => setParams({ template: event.target.value }, { replace: true })}
          helperText={t('publicLinks.form.templateHint', {
            role: template.Roles[0]?.Role || t('publicLinks.form.roleNumber', { number: 1 }),
          })}
        >
          {list.map((candidate) => (
            <MenuItem key={candidate.Id} value={candidate.Id}>
              {candidate.Name}
            </MenuItem>
          ))}
        </TextField>
      </LinkForm>
    );
  }
  return (
    <DocumentsPage title={t('routes.createLink')} subtitle={t('publicLinks.form.createIntro')}>
      {content}
    </DocumentsPage>
  );
}

/** The link just published: its address to copy and share, and its QR code. */
function LinkCreated({ link }: { link: PublicLink }) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<string | null>(null);
  const copy = async () => {
    setNotice(
      t((await copyLinkAddress(link.Url)) ? 'publicLinks.copied' : 'publicLinks.copyFailed', { name: link.Name }),
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
        <Stack spacing={2} sx={{ flex: '1 1 auto', minWidth: 0 }}>
          <Alert severity="success" role="status">
            {t('publicLinks.created', { name: link.Name })}
          </Alert>
          <LinkAddressField label={t('publicLinks.address')} url={link.Url} />
          {notice && <Typography role="status">{notice}</Typography>}
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button variant="contained" onClick={() => void copy()}>
              {t('publicLinks.copy')}
            </Button>
            <Button component={RouterLink} to={`/preview/${encodeURIComponent(link.Id)}`} variant="outlined">
              {t('publicLinks.actions.preview')}
            </Button>
            <Button component={RouterLink} to="/links">
              {t('publicLinks.allLinks')}
            </Button>
          </Stack>
        </Stack>
        <LinkQrCode url={link.Url} name={link.Name} />
      </Stack>
    </Paper>
  );
}

/** /links/{id}/edit: the same form for a link already published. */
export function EditLinkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const api = createPublicLinksApi(useApiClient());
  const refresh = useRefreshLinks();
  const links = useApiQuery(listPublicLinksRoute, {}, { silent: true }, { retry: false });
  const link = links.data?.PublicLinks.find((candidate) => candidate.Id === id.toUpperCase());

  let content = <Loading />;
  if (links.isError) content = <FormError error={links.error} />;
  else if (links.data && !link) content = <Alert severity="warning">{t('publicLinks.notFound')}</Alert>;
  else if (link) {
    content = (
      <LinkForm
        initial={{ name: link.Name, gate: gateOf(link), roles: roleChoicesOf(link.Roles) }}
        submitLabel={t('publicLinks.form.save')}
        isDisabled={!link.IsOwner}
        onCancel={() => navigate('/links')}
        onSubmit={async (state) => {
          await api.update(link.Id, {
            Name: state.name.trim(),
            ...gateFieldsOf(state.gate),
            FixedRoles: fixedRolesOf(state.roles),
          });
          await refresh();
          navigate('/links');
        }}
      />
    );
  }
  return (
    <DocumentsPage title={t('routes.editLink')} subtitle={link?.Name}>
      {content}
    </DocumentsPage>
  );
}
