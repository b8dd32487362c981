import { createTheme, type Theme } from '@mui/material/styles';
import type { BrandConfig } from '@signlink/brands/brand-config';
import { uiSizes } from '@signlink/contracts/constants';

/** The platform's own fonts: the CSP allows no font CDN, and a system stack needs no download at all. */
export const systemFontStack =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif';

/** One MUI theme per brand, from its palette; code reads the theme, never the brand id. */
export function createBrandTheme(brand: BrandConfig): Theme {
  return createTheme({
    palette: {
      primary: { main: brand.palette.primary },
      secondary: { main: brand.palette.secondary },
      background: { default: '#f7f8fa' },
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
    },
  });
}
