import { getContrastRatio } from '@mui/material/styles';
import { brands } from '@signlink/brands/brands';
import { describe, expect, it } from 'vitest';
import { statusColours } from '../components/documents/document-status-chip.tsx';
import { createBrandTheme } from './create-brand-theme.ts';

/** WCAG 1.4.3: normal-size text needs 4.5:1 against what is behind it. */
const textContrast = 4.5;

describe.each(brands)('the $name theme (WCAG 1.4.3)', (brand) => {
  const theme = createBrandTheme(brand, { loading: 'Loading' });
  const colours = [...new Set([...Object.values(statusColours), 'primary', 'secondary'] as const)].filter(
    (colour) => colour !== 'default',
  );

  it.each(colours)('gives filled %s chips and buttons text at 4.5:1 or more', (colour) => {
    const { main, contrastText } = theme.palette[colour];
    expect(getContrastRatio(main, contrastText)).toBeGreaterThanOrEqual(textContrast);
  });

  it.each(colours.filter((colour) => theme.palette[colour].contrastText === '#fff'))(
    'draws %s as text (outlined chips, links) at 4.5:1 on the page and on paper',
    (colour) => {
      const { main } = theme.palette[colour];
      expect(getContrastRatio(main, theme.palette.background.default)).toBeGreaterThanOrEqual(textContrast);
      expect(getContrastRatio(main, theme.palette.background.paper)).toBeGreaterThanOrEqual(textContrast);
    },
  );

  it("names every spinner with the language's loading text", () => {
    expect(theme.components?.MuiCircularProgress?.defaultProps?.['aria-label']).toBe('Loading');
  });
});
