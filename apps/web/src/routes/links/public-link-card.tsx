import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublicLink } from '@signlink/contracts/public-links/public-links';
import { useTranslation } from 'react-i18next';
import { LinkAddressWithCopy } from '../../components/links/link-address.tsx';
import { LinkFacts } from '../../components/links/link-facts.tsx';
import { LinkQrCode } from './link-qr-code.tsx';

export type LinkAction = 'editFields' | 'editSettings' | 'toggle' | 'delete' | 'preview' | 'inbox' | 'copy';

/** The gate its visitors pass, in SPEC section 4's order of precedence. */
export function gateKeyOf(link: Pick<PublicLink, 'RequireBankID' | 'RequireSMS' | 'RequireEmail'>) {
  if (link.RequireBankID) return 'publicLinks.gates.bankid';
  if (link.RequireSMS) return 'publicLinks.gates.sms';
  if (link.RequireEmail) return 'publicLinks.gates.email';
  return 'publicLinks.gates.none';
}

/** One public link: its address to copy, its QR code, what it brought, and what can be done with it. */
export function PublicLinkCard({
  link,
  isBusy,
  onAction,
}: {
  link: PublicLink;
  isBusy: boolean;
  onAction: (action: LinkAction, link: PublicLink) => void;
}) {
  const { t } = useTranslation();
  const headingId = `public-link-${link.Id}`;
  const isActive = link.Status === 'active';
  const facts: [string, string][] = [
    [t('publicLinks.gate'), t(gateKeyOf(link))],
    [t('publicLinks.visits'), String(link.Visits)],
    [t('publicLinks.submissions'), String(link.Submissions)],
  ];
  const action = (name: LinkAction, label: string, variant: 'text' | 'outlined' = 'text') => (
    <Button size="small" variant={variant} disabled={isBusy} onClick={() => onAction(name, link)}>
      {label}
    </Button>
  );
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
        <Stack spacing={2} sx={{ flex: '1 1 auto', minWidth: 0 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography
              id={headingId}
              variant="h2"
              sx={{ fontSize: '1.15rem', fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {link.Name}
            </Typography>
            <Chip
              size="small"
              color={isActive ? 'success' : 'default'}
              label={t(isActive ? 'publicLinks.status.active' : 'publicLinks.status.disabled')}
            />
          </Stack>
          <LinkAddressWithCopy
            label={t('publicLinks.address')}
            url={link.Url}
            copyLabel={t('publicLinks.copy')}
            copyAccessibleName={t('publicLinks.copyFor', { name: link.Name })}
            onCopy={() => onAction('copy', link)}
          />
          <LinkFacts facts={facts} />
          <Stack
            direction="row"
            sx={{ flexWrap: 'wrap', gap: 1 }}
            role="group"
            aria-label={t('publicLinks.actionsFor', { name: link.Name })}
          >
            {action('preview', t('publicLinks.actions.preview'), 'outlined')}
            {action('inbox', t('publicLinks.actions.inbox'), 'outlined')}
            {link.IsOwner && action('editFields', t('publicLinks.actions.editFields'))}
            {link.IsOwner && action('editSettings', t('publicLinks.actions.editSettings'))}
            {link.IsOwner &&
              action('toggle', t(isActive ? 'publicLinks.actions.disable' : 'publicLinks.actions.enable'))}
            {link.IsOwner && action('delete', t('publicLinks.actions.delete'))}
          </Stack>
        </Stack>
        <LinkQrCode url={link.Url} name={link.Name} />
      </Stack>
    </Paper>
  );
}
