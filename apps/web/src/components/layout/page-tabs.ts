/**
 * The tabs under a page's title that switch its sections (Settings, Billing): scrollable with visible arrows on a
 * phone, compact tabs, a rule beneath. Spread onto MUI's `Tabs`, with `scrollButtons` from the caller's phone check.
 */
export const pageTabsProps = {
  variant: 'scrollable',
  allowScrollButtonsMobile: true,
  sx: {
    borderBottom: 1,
    borderColor: 'divider',
    mb: 3,
    '& .MuiTabs-scrollButtons': { width: 32 },
    '& .MuiTab-root': { minWidth: 0, px: { xs: 1.5, sm: 2 } },
  },
} as const;
