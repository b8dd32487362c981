import { createTheme, type Theme } from '@mui/material/styles';
import type { BrandConfig } from '@signlink/brands/brand-config';
import { uiSizes } from '@signlink/contracts/constants';

/** The platform's own fonts: the CSP allows no font CDN, and a system stack needs no download at all. */
export const systemFontStack =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif';

/**
 * MUI's status colours, darkened where theirs miss WCAG 1.4.3's 4.5:1 for text: white on the filled chips and
 * buttons, and the colour itself as text on the page's near-white (MUI's info #0288d1 gives 3.9:1, warning
 * #ed6c02 3.1:1). Each reaches at least 4.8:1 on white and 4.5:1 on `background.default`.
 */
const statusColours = {
  info: '#0269a8',
  success: '#2e7d32',
  warning: '#a65400',
  error: '#c62828',
} as const;

export interface BrandThemeTexts {
  /** The spinners' name (WCAG 4.1.2: a progress bar needs one), in the language shown. */
  loading: string;
}

/** One MUI theme per brand and language, from its palette; code reads the theme, never the brand id. */
export function createBrandTheme(brand: BrandConfig, texts?: BrandThemeTexts): Theme {
  return createTheme({
    palette: {
      primary: { main: brand.palette.primary },
      secondary: { main: brand.palette.secondary },
      info: { main: statusColours.info },
      success: { main: statusColours.success },
      warning: { main: statusColours.warning },
      error: { main: statusColours.error },
      background: { default: '#f7f8fa' },
      // Text on a colour is white only where white reaches 4.5:1 (MUI's default asks 3:1); otherwise dark.
      contrastThreshold: 4.5,
    },
    typography: {
      fontFamily: systemFontStack,
      button: { textTransform: 'none', fontWeight: 600 },
      h1: { fontSize: '2.25rem', fontWeight: 700 },
      h2: { fontSize: '1.75rem', fontWeight: 700 },
      h3: { fontSize: '1.375rem', fontWeight: 600 },
    },
    shape: { borderRadius: 8 },
    // SPEC section 9: dialogs sit at 20002, above any embedded viewer or third-party frame.
    zIndex: { modal: uiSizes.dialogZIndex },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      ...(texts && { MuiCircularProgress: { defaultProps: { 'aria-label': texts.loading } } }),
    },
  });
}
