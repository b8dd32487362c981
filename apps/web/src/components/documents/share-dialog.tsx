import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { listDocumentLinksRoute } from '@signlink/contracts/documents/drafts.routes';
import { type FocusEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentSummary } from '../../api/documents-api.ts';
import { useApiQuery } from '../../api/use-api-query.ts';
import { AppDialog } from '../dialogs/app-dialog.tsx';
import { FormError } from '../forms/form-error.tsx';
import { SharePublicLinks } from './share-public-links.tsx';
import { ShareSendForm } from './share-send-form.tsx';

/**
 * SPEC section 2's sharing dialog (issue 6, part 8): each party's link, to copy, or for us to send by e-mail or SMS
 * to an address the sender types.
 */
export function ShareDialog({ document, onClose }: { document: DocumentSummary; onClose: () => void }) {
  const { t } = useTranslation();
  const links = useApiQuery(
    listDocumentLinksRoute,
    { params: { id: document.Id } },
    { silent: true },
    { retry: false },
  );
  const [copied, setCopied] = useState<string | null>(null);
  const [copyFailed, setCopyFailed] = useState(false);
  const active = links.data?.Links.filter((link) => link.Status === 'active') ?? [];
  const partyOf = (partyId: string) => document.Parties.find((party) => party.Id === partyId);

  const copy = async (url: string, code: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(code);
      setCopyFailed(false);
    } catch {
      // Without clipboard permission the link is still selectable in its field.
      setCopyFailed(true);
    }
  };

  return (
    <AppDialog
      title={t('share.title', { name: document.Name })}
      onClose={onClose}
      isFullScreenOnPhone
      actions={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('share.intro')}
      </Typography>
      {links.isPending && (
        <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress />
        </Box>
      )}
      {links.isError && <FormError error={links.error} />}
      {links.data && active.length === 0 && <Alert severity="info">{t('share.noLinks')}</Alert>}
      {copyFailed && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('share.copyFailed')}
        </Alert>
      )}
      <Stack spacing={3}>
        {active.map((link) => {
          const party = partyOf(link.PartyId);
          const name = party?.Name || t('documents.party.unnamed', { index: link.SignatureIndex + 1 });
          return (
            <Box component="section" key={link.Code} aria-label={t('share.linkFor', { name })}>
              <Typography sx={{ fontWeight: 600, mb: 1 }}>{name}</Typography>
              <TextField
                fullWidth
                size="small"
                label={t('share.link')}
                value={link.Url}
                slotProps={{
                  htmlInput: {
                    readOnly: true,
                    onFocus: (event: FocusEvent<HTMLInputElement>) => event.currentTarget.select(),
                  },
                }}
              />
              <Button variant="contained" size="small" sx={{ mt: 1 }} onClick={() => void copy(link.Url, link.Code)}>
                {copied === link.Code ? t('share.copied') : t('share.copy')}
              </Button>
              <ShareSendForm documentId={document.Id} signatureIndex={link.SignatureIndex} channel="email" />
              <ShareSendForm documentId={document.Id} signatureIndex={link.SignatureIndex} channel="sms" />
            </Box>
          );
        })}
      </Stack>
      <SharePublicLinks />
    </AppDialog>
  );
}
