import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog.tsx';
import { copyLinkAddress, LinkAddressWithCopy } from '../../../components/links/link-address.tsx';

/** The new endpoint's signing secret, shown this once: the server never answers it again. */
export function WebhookSecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'copied' | 'copyFailed' | null>(null);
  return (
    <AppDialog
      title={t('webhooks.secretTitle')}
      onClose={onClose}
      actions={
        <Button variant="contained" onClick={onClose}>
          {t('webhooks.done')}
        </Button>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography color="text.secondary">{t('webhooks.secretIntro')}</Typography>
        <LinkAddressWithCopy
          label={t('webhooks.secretLabel')}
          url={secret}
          copyLabel={t('webhooks.copy')}
          copyAccessibleName={t('webhooks.copySecret')}
          onCopy={() => void copyLinkAddress(secret).then((isCopied) => setCopied(isCopied ? 'copied' : 'copyFailed'))}
        />
        {copied && (
          <Typography role="status" color={copied === 'copied' ? 'success.main' : 'warning.main'}>
            {t(`webhooks.${copied}`)}
          </Typography>
        )}
      </Stack>
    </AppDialog>
  );
}
