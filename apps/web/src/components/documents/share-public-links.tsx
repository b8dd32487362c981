import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { listOwnLinksRoute } from '@signlink/contracts/public-links/public-links.routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../api/use-api-query.ts';
import { FormError } from '../forms/form-error.tsx';

/**
 * The sharing dialog's third choice (SPEC section 2: "SMS, e-mail or public link"): the caller's own public links,
 * each address to copy. Asked for only once the person opens the choice.
 */
export function SharePublicLinks() {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const links = useApiQuery(listOwnLinksRoute, {}, { silent: true }, { retry: false, enabled: isOpen });
  const active = links.data?.PublicLinks.filter((link) => link.Status === 'active') ?? [];

  const copy = async (url: string, id: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(id);
    } catch {
      // Without clipboard permission the address is still shown to select.
      setCopied(null);
    }
  };

  return (
    <Box component="section" aria-labelledby="share-public-links" sx={{ mt: 3 }}>
      <Typography id="share-public-links" sx={{ fontWeight: 600, mb: 1 }}>
        {t('publicLinks.share.title')}
      </Typography>
      {!isOpen && (
        <Button variant="outlined" size="small" onClick={() => setIsOpen(true)}>
          {t('publicLinks.share.show')}
        </Button>
      )}
      {isOpen && links.isPending && (
        <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 2 }}>
          <CircularProgress size={28} />
        </Box>
      )}
      {isOpen && links.isError && <FormError error={links.error} />}
      {isOpen && links.data && active.length === 0 && <Alert severity="info">{t('publicLinks.share.none')}</Alert>}
      <Stack spacing={1.5}>
        {active.map((link) => (
          <Stack
            key={link.Id}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 500 }}>{link.Name}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {link.Url}
              </Typography>
            </Box>
            <Button
              size="small"
              variant="contained"
              onClick={() => void copy(link.Url, link.Id)}
              aria-label={t('publicLinks.copyFor', { name: link.Name })}
              sx={{ flexShrink: 0 }}
            >
              {copied === link.Id ? t('publicLinks.share.copied') : t('publicLinks.copy')}
            </Button>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
