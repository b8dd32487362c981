import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReferralLink } from '@signlink/contracts/accounts/referral-links';
import { listReferralLinksRoute } from '@signlink/contracts/accounts/referral-links.routes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../api/api-context.tsx';
import { createReferralLinksApi, referralLinksPath } from '../../../api/referral-links-api.ts';
import { useApiQuery } from '../../../api/use-api-query.ts';
import { type ActionResult, ActionResultStatus } from '../../../components/links/action-result-status.tsx';
import { isPartnerAdministrator } from '../../../lib/account-roles.ts';
import { SettingsLayout } from '../settings-layout.tsx';
import { ReferralLinkCard } from './referral-link-card.tsx';

/**
 * /settings/referral-links (SPEC section 6: partners see their referral links; the provider activates the programme,
 * so others are told how): the links to share, what they gave and brought, and a switch to turn one off.
 */
export function ReferralLinksPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout section="referral-links" title={t('settings.title')}>
      {(auth) =>
        isPartnerAdministrator(auth) ? (
          <ReferralLinksSettings />
        ) : (
          <Alert severity="info" role="status">
            {t('settings.referralLinks.noAccess')}
          </Alert>
        )
      }
    </SettingsLayout>
  );
}

export type ReferralLinksResult = ActionResult;

function ReferralLinksSettings() {
  const { t } = useTranslation();
  const api = createReferralLinksApi(useApiClient());
  const queryClient = useQueryClient();
  const links = useApiQuery(listReferralLinksRoute, {}, { silent: true }, { retry: false });
  const [result, setResult] = useState<ReferralLinksResult | null>(null);
  const [switching, setSwitching] = useState<string | null>(null);

  const setDisabled = async (link: ReferralLink, disabled: boolean) => {
    setResult(null);
    setSwitching(link.Id);
    try {
      await api.setDisabled(link.Id, disabled);
      setResult({
        notice: t(disabled ? 'settings.referralLinks.disabled' : 'settings.referralLinks.enabled', { name: link.Name }),
      });
    } catch (failure) {
      setResult({ failure });
    }
    // The list then shows what the server holds, whichever way the change went.
    await queryClient.invalidateQueries({ queryKey: ['api', referralLinksPath] });
    setSwitching(null);
  };

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {t('settings.referralLinks.heading')}
        </Typography>
        <Typography color="text.secondary">{t('settings.referralLinks.intro')}</Typography>
      </div>
      <ActionResultStatus result={result} onClose={() => setResult(null)} list={links} />
      {links.data?.ReferralLinks.length === 0 && (
        <Typography color="text.secondary">{t('settings.referralLinks.empty')}</Typography>
      )}
      {links.data?.ReferralLinks.map((link) => (
        <ReferralLinkCard
          key={link.Id}
          link={link}
          isSwitching={switching === link.Id}
          onDisabledChange={(disabled) => void setDisabled(link, disabled)}
          onCopied={(notice) => setResult(notice)}
        />
      ))}
    </Stack>
  );
}
