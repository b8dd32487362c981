import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { uiSizes } from '@signlink/contracts/constants';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '../../api/session-context.tsx';
import { useBrand } from '../../brand/brand-context.tsx';
import { CloseIcon } from '../close-icon.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { LowBalanceIndicator } from './low-balance-indicator.tsx';
import { MainNavBar, MainNavDrawerButton } from './main-nav.tsx';
import { UserMenu } from './user-menu.tsx';

export interface AppHeaderProps {
  /** The link owner's logo (SPEC section 1): when given it replaces the brand logo. */
  ownerLogoUrl?: string | null;
  /** The owner's company name, for the logo's text alternative. */
  ownerName?: string | null;
  /** Shows a close button (SPEC section 2: "an optional close button exists"). */
  onClose?: () => void;
  /** The login screen's header: SPEC section 9 caps its logo at uiSizes.loginHeaderLogoMaxHeight. */
  isLoginHeader?: boolean;
}

/** SPEC section 2's header: the brand decides the bar (grey with logo, or coloured with logo and slogan). */
export function AppHeader({ ownerLogoUrl, ownerName, onClose, isLoginHeader = false }: AppHeaderProps) {
  const brand = useBrand();
  const auth = useSignedInUser();
  const { t } = useTranslation();
  const { header } = brand;
  // SPEC section 2's menu for a signed-in user; the login screen's header and a recipient's (owner logo) stay bare.
  const showsNav = Boolean(auth) && !isLoginHeader && !ownerLogoUrl;
  const logo = ownerLogoUrl
    ? {
        src: ownerLogoUrl,
        alt: ownerName ? t('header.ownerLogoAlt', { name: ownerName }) : t('header.ownerLogoAltUnnamed'),
      }
    : { src: brand.logoUrl, alt: brand.name };

  return (
    <Box
      component="header"
      sx={{
        bgcolor: header.background,
        color: header.foreground,
        borderBottom: '1px solid rgba(0, 0, 0, 0.08)',
      }}
    >
      <Box
        sx={{
          maxWidth: 1200,
          mx: 'auto',
          px: { xs: 2, sm: 3 },
          py: 1.5,
          display: 'flex',
          alignItems: 'center',
          gap: 2,
        }}
      >
        {showsNav && <MainNavDrawerButton />}
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: { xs: 'flex-start', sm: 'center' },
            gap: { xs: 0.5, sm: 2.5 },
            flex: '1 1 auto',
            minWidth: 0,
          }}
        >
          <Box
            component="img"
            src={logo.src}
            alt={logo.alt}
            sx={{
              height: isLoginHeader ? Math.min(header.logoHeight, uiSizes.loginHeaderLogoMaxHeight) : header.logoHeight,
              maxWidth: '100%',
              width: 'auto',
              objectFit: 'contain',
              display: 'block',
            }}
          />
          {header.sloganKey && (
            <Typography component="p" sx={{ fontSize: { xs: '0.875rem', sm: '1rem' }, fontWeight: 500, opacity: 0.92 }}>
              {t(header.sloganKey)}
            </Typography>
          )}
        </Box>
        {showsNav && auth && <LowBalanceIndicator auth={auth} />}
        <LanguageSwitch />
        {auth && <UserMenu auth={auth} />}
        {onClose && (
          <IconButton aria-label={t('common.close')} onClick={onClose} sx={{ color: 'inherit' }}>
            <CloseIcon />
          </IconButton>
        )}
      </Box>
      {showsNav && (
        <Box sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, sm: 3 } }}>
          <MainNavBar />
        </Box>
      )}
    </Box>
  );
}
