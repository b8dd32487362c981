import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { AppFooter } from './app-footer.tsx';
import { AppHeader, type AppHeaderProps } from './app-header.tsx';
import { mainContentProps, mainContentSx, SkipLink } from './skip-link.tsx';

/**
 * Skip link, header, the page, footer: the frame of every screen, with the page filling the height between them.
 */
export function PageLayout({ children, ...header }: AppHeaderProps & { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <SkipLink />
      <AppHeader {...header} />
      <Box
        component="main"
        {...mainContentProps}
        sx={{ flex: '1 0 auto', display: 'flex', flexDirection: 'column', ...mainContentSx }}
      >
        {children}
      </Box>
      <AppFooter />
    </Box>
  );
}
