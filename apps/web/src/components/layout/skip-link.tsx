import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { mainContentId } from '../../lib/focus-main-heading.ts';

/**
 * "Skip to main content" (WCAG 2.4.1): the first Tab stop of every screen, hidden until it has the focus. The app
 * routes by hash, so an `href="#main-content"` would be a route: the click moves the focus itself.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href={`#${mainContentId}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(mainContentId)?.focus();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: 8,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        boxShadow: 3,
        // Off screen but read and reachable, until focused.
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      {t('a11y.skipToMain')}
    </Box>
  );
}

/** The props of every frame's `<main>`: the skip link's target, focusable by script only. */
export const mainContentProps = {
  id: mainContentId,
  tabIndex: -1,
} as const;

/** A focused `<main>` draws no ring around the whole page: the skip link's move is announced, not outlined. */
export const mainContentSx = { '&:focus': { outline: 'none' } } as const;
