import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';
import { accessLinkPreviewRoute, findLinkPreviewRoute } from '@signlink/contracts/public-links/link-preview.routes';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useApiClient } from '../../../api/api-context.tsx';
import { useApiQuery } from '../../../api/use-api-query.ts';
import { FormError } from '../../../components/forms/form-error.tsx';
import { RecipientLayout } from '../recipient-layout.tsx';
import { PreviewDocument } from './preview-document.tsx';

/** SPEC section 2: "id is the last segment" of `/preview/…`. */
export function previewIdOf(splat: string | undefined): string {
  return (splat ?? '').split('/').filter(Boolean).pop() ?? '';
}

/**
 * /preview/{id} (SPEC section 3 "Link preview"): the owner sees a template or public link as its recipient would,
 * in the recipient's frame and viewer, with a banner saying nothing is saved. The server writes nothing for a
 * preview, and its token opens no recipient call: signing and form saving cannot happen here.
 */
export function PreviewPage() {
  const { t } = useTranslation();
  const client = useApiClient();
  const id = previewIdOf(useParams()['*']);
  const details = useApiQuery(findLinkPreviewRoute, { params: { id } }, { silent: true }, { retry: false });
  const [signatureIndex, setSignatureIndex] = useState(0);
  const [access, setAccess] = useState<LinkAccessResponse | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    let isCurrent = true;
    setAccess(null);
    client
      .api(accessLinkPreviewRoute, { params: { id }, body: { SignatureIndex: signatureIndex } }, { silent: true })
      .then(
        (opened) => isCurrent && setAccess(opened),
        (error: unknown) => isCurrent && setFailure(error),
      );
    return () => {
      isCurrent = false;
    };
  }, [client, id, signatureIndex]);

  const owner = details.data?.OwnerData;
  const roles = details.data?.Roles ?? [];
  const roleLabel = (index: number, role: string) => role || t('linkPreview.roleNumber', { number: index + 1 });
  return (
    <RecipientLayout
      ownerLogoUrl={owner?.LogoUrl ?? null}
      companyName={owner?.CompanyName ?? ''}
      ownerPrivacyUrl={owner?.PrivacyUrl ?? null}
    >
      <Alert
        severity="warning"
        role="status"
        sx={{ borderRadius: 0, alignItems: 'center', '& .MuiAlert-message': { width: '100%' } }}
      >
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, justifyContent: 'space-between' }}
        >
          <span>
            <strong>{t('linkPreview.banner')}</strong>{' '}
            {details.data ? t('linkPreview.of', { name: details.data.LinkName }) : ''}
          </span>
          {roles.length > 1 && (
            <TextField
              select
              size="small"
              label={t('linkPreview.viewAs')}
              value={String(signatureIndex)}
              onChange={(event) => setSignatureIndex(Number(event.target.value))}
              sx={{ minWidth: 180, bgcolor: 'background.paper' }}
            >
              {roles.map((role) => (
                <MenuItem key={role.SignatureIndex} value={String(role.SignatureIndex)}>
                  {roleLabel(role.SignatureIndex, role.Role)}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Box>
      </Alert>
      {details.isError || failure ? (
        <Box sx={{ p: 2 }}>
          <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
            {t('routes.preview')}
          </Typography>
          <FormError error={details.error ?? failure} />
        </Box>
      ) : null}
      {!access && !failure && !details.isError && (
        <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress />
        </Box>
      )}
      {access && <PreviewDocument key={access.RequestToken} previewId={id} access={access} />}
    </RecipientLayout>
  );
}
