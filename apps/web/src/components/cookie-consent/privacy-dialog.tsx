import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { uiSizes } from '@signlink/contracts/constants';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../brand/brand-context.tsx';
import { currentLocale } from '../../i18n/create-app-i18n.ts';
import { AppDialog } from '../dialogs/app-dialog.tsx';
import { openCookieSettings } from './cookie-consent-panel.ts';

/** Our own privacy notice (apps/web/public/privacy.html), in the page's language and naming the brand. */
export function providerPrivacyUrl(brandId: string, locale: string): string {
  return `/privacy.html?brand=${encodeURIComponent(brandId)}&lang=${encodeURIComponent(locale)}`;
}

/** Only web addresses open from an owner's setting: never `javascript:` or the like. */
function safeHttpUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

export interface PrivacyDialogProps {
  open: boolean;
  onClose: () => void;
  /** OwnerData.PrivacyUrl: the sender's own privacy policy (recipient side; null in the whole app). */
  ownerPrivacyUrl: string | null;
  companyName: string;
}

/**
 * SPEC section 2's privacy information dialog, the privacy centre of both frames: the owner's privacy link, then the
 * provider's privacy page in a frame of uiSizes.privacyFrameHeight (SPEC section 9), also offered in a new tab, and
 * the way to change the cookie choice.
 */
export function PrivacyDialog({ open, onClose, ownerPrivacyUrl, companyName }: PrivacyDialogProps) {
  const { t, i18n } = useTranslation();
  const brand = useBrand();
  const ownerUrl = safeHttpUrl(ownerPrivacyUrl);
  const providerUrl = providerPrivacyUrl(brand.id, currentLocale(i18n));
  const frameTitle = t('recipient.privacy.providerFrame', { provider: brand.providerName });
  return (
    <AppDialog open={open} onClose={onClose} title={t('recipient.privacy.title')} isFullScreenOnPhone>
      <Stack spacing={2}>
        {ownerUrl && (
          <Link href={ownerUrl} target="_blank" rel="noopener noreferrer">
            {companyName
              ? t('recipient.privacy.ownerPolicy', { company: companyName })
              : t('recipient.privacy.ownerPolicyUnnamed')}
          </Link>
        )}
        {open && (
          <Box
            component="iframe"
            src={providerUrl}
            title={frameTitle}
            sx={{
              width: '100%',
              height: uiSizes.privacyFrameHeight,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
            }}
          />
        )}
        <Link href={providerUrl} target="_blank" rel="noopener" variant="body2">
          {t('recipient.privacy.openProvider')}
        </Link>
        <Button
          variant="outlined"
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => {
            onClose();
            openCookieSettings();
          }}
        >
          {t('cookies.privacy.changeConsent')}
        </Button>
      </Stack>
    </AppDialog>
  );
}
