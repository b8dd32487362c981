import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { ReferralLink } from '@signlink/contracts/accounts/referral-links';
import { formatMoney } from '@signlink/contracts/format/format-amount';
import { useTranslation } from 'react-i18next';
import { copyLinkAddress, LinkAddressWithCopy } from '../../../components/links/link-address.tsx';
import { LinkFacts } from '../../../components/links/link-facts.tsx';
import { currentLocale } from '../../../i18n/create-app-i18n.ts';
import type { ReferralLinksResult } from './referral-links-page.tsx';

/** One referral link: the address to share with a copy button, what it gives and brought, and its on/off switch. */
export function ReferralLinkCard({
  link,
  isSwitching,
  onDisabledChange,
  onCopied,
}: {
  link: ReferralLink;
  isSwitching: boolean;
  onDisabledChange: (disabled: boolean) => void;
  onCopied: (result: ReferralLinksResult) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const headingId = `referral-link-${link.Id}`;

  const copy = async () => {
    onCopied(
      (await copyLinkAddress(link.Url))
        ? { notice: t('settings.referralLinks.copied') }
        : { notice: t('settings.referralLinks.copyFailed'), severity: 'warning' },
    );
  };

  const facts: [string, string][] = [
    [t('settings.referralLinks.giftValue'), formatMoney(link.GiftCardValue, link.Currency, locale)],
    [t('settings.referralLinks.registrations'), String(link.Registrations)],
    [t('settings.referralLinks.created'), new Date(link.CreatedAt).toLocaleDateString(locale)],
  ];

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', justifyContent: 'space-between' }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
            <Typography
              id={headingId}
              variant="h3"
              sx={{ fontSize: '1.05rem', fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {link.Name}
            </Typography>
            {link.Disabled && <Chip size="small" label={t('settings.referralLinks.disabledChip')} />}
          </Stack>
          <FormControlLabel
            control={
              <Switch
                checked={!link.Disabled}
                disabled={isSwitching}
                onChange={(event) => onDisabledChange(!event.target.checked)}
                slotProps={{ input: { 'aria-describedby': `${headingId}-hint` } }}
              />
            }
            label={t('settings.referralLinks.active')}
            sx={{ mr: 0 }}
          />
        </Stack>
        <LinkAddressWithCopy
          label={t('settings.referralLinks.linkLabel')}
          url={link.Url}
          copyLabel={t('settings.referralLinks.copy')}
          copyAccessibleName={`${t('settings.referralLinks.copy')}: ${link.Name}`}
          onCopy={() => void copy()}
        />
        <LinkFacts facts={facts} />
        <Typography id={`${headingId}-hint`} variant="body2" color="text.secondary">
          {t('settings.referralLinks.activeHint')}
        </Typography>
      </Stack>
    </Paper>
  );
}
