import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { uiSizes } from '@signlink/contracts/constants';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../brand/brand-context.tsx';
import { CloseIcon } from '../../components/close-icon.tsx';
import { setPrivacyOwner } from '../../components/cookie-consent/cookie-consent-panel.ts';
import { AppFooter } from '../../components/layout/app-footer.tsx';
import { LanguageSwitch } from '../../components/layout/language-switch.tsx';
import { mainContentProps, mainContentSx, SkipLink } from '../../components/layout/skip-link.tsx';

// Fetched when the person first asks for the privacy information, not with the page.
const PrivacyDialog = lazy(() =>
  import('../../components/cookie-consent/privacy-dialog.tsx').then((m) => ({ default: m.PrivacyDialog })),
);

export interface RecipientLayoutProps {
  /** OwnerData.LogoUrl: replaces the brand logo (DECISIONS, names and brands). */
  ownerLogoUrl: string | null;
  companyName: string;
  ownerPrivacyUrl: string | null;
  /** SPEC section 2: "an optional close button exists" — shown while the document is open. */
  onClose?: () => void;
  children: ReactNode;
}

/**
 * The recipient page's frame: the brand's bar with the owner's logo (at most uiSizes.headerLogoHeight, SPEC
 * section 9) or the brand's, the sender's company name, the privacy information, the language; the footer below.
 * No account menu: a recipient is a guest, and this chunk stays free of account code.
 */
export function RecipientLayout({
  ownerLogoUrl,
  companyName,
  ownerPrivacyUrl,
  onClose,
  children,
}: RecipientLayoutProps) {
  const brand = useBrand();
  const { t } = useTranslation();
  const [isPrivacyOpen, setIsPrivacyOpen] = useState(false);
  // Kept once opened, so that closing it plays the dialog's exit.
  const [hasOpenedPrivacy, setHasOpenedPrivacy] = useState(false);
  // The privacy centre opened from the cookie banner or the footer names this sender's policy too.
  useEffect(() => {
    setPrivacyOwner({ privacyUrl: ownerPrivacyUrl, companyName });
    return () => setPrivacyOwner(null);
  }, [ownerPrivacyUrl, companyName]);
  const { header } = brand;
  const logo = ownerLogoUrl
    ? {
        src: ownerLogoUrl,
        alt: companyName ? t('header.ownerLogoAlt', { name: companyName }) : t('header.ownerLogoAltUnnamed'),
        height: Math.min(header.logoHeight, uiSizes.headerLogoHeight),
      }
    : { src: brand.logoUrl, alt: brand.name, height: header.logoHeight };
  // The sender's company; without one, the brand's slogan where the brand has one and its logo shows.
  const name = companyName || (!ownerLogoUrl && header.sloganKey ? t(header.sloganKey) : '');
  const nameStyle = { fontWeight: companyName ? 600 : 500, opacity: 0.92 };
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <SkipLink />
      <Box
        component="header"
        sx={{ bgcolor: header.background, color: header.foreground, borderBottom: '1px solid rgba(0, 0, 0, 0.08)' }}
      >
        <Box sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, sm: 3 }, py: 1.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, sm: 2 } }}>
            {/* The logo gives way on a narrow phone (kept in proportion), never the buttons. */}
            <Box
              component="img"
              src={logo.src}
              alt={logo.alt}
              sx={{ height: logo.height, flex: '0 1 auto', minWidth: 0, width: 'auto', objectFit: 'contain' }}
            />
            <Typography
              component="p"
              noWrap
              sx={{ display: { xs: 'none', sm: 'block' }, flex: '1 1 auto', minWidth: 0, ...nameStyle }}
            >
              {name}
            </Typography>
            <Box sx={{ flex: '1 0 0', display: { sm: 'none' } }} />
            <Button
              color="inherit"
              onClick={() => {
                setHasOpenedPrivacy(true);
                setIsPrivacyOpen(true);
              }}
              sx={{ flexShrink: 0, minWidth: 0, px: { xs: 1, sm: 1.5 } }}
            >
              {t('recipient.header.privacy')}
            </Button>
            <Box sx={{ flexShrink: 0 }}>
              <LanguageSwitch />
            </Box>
            {onClose && (
              <IconButton
                aria-label={t('recipient.header.close')}
                onClick={onClose}
                sx={{ color: 'inherit', flexShrink: 0 }}
              >
                <CloseIcon />
              </IconButton>
            )}
          </Box>
          {/* On a phone the name has a line of its own under the logo, so the buttons do not cut it short. */}
          {name && (
            <Typography component="p" noWrap sx={{ display: { sm: 'none' }, mt: 0.5, ...nameStyle }}>
              {name}
            </Typography>
          )}
        </Box>
      </Box>
      <Box
        component="main"
        {...mainContentProps}
        sx={{ flex: '1 0 auto', display: 'flex', flexDirection: 'column', ...mainContentSx }}
      >
        {children}
      </Box>
      <AppFooter />
      {hasOpenedPrivacy && (
        <Suspense fallback={null}>
          <PrivacyDialog
            open={isPrivacyOpen}
            onClose={() => setIsPrivacyOpen(false)}
            ownerPrivacyUrl={ownerPrivacyUrl}
            companyName={companyName}
          />
        </Suspense>
      )}
    </Box>
  );
}
