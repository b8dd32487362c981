import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { appVersion, uiSizes } from '@signlink/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../brand/brand-context.tsx';
import { currentLocale } from '../i18n/create-app-i18n.ts';
import type { HashLocation } from '../lib/hash-location.ts';
import { CloseIcon } from './close-icon.tsx';

/**
 * SPEC section 2: a hidden window for support, shown when the query (before or after the hash) has `debugme`. The
 * route comes from the router, or from the hash where the page has none (the recipient's, recipient-app.tsx).
 */
export function DebugWindow({ location }: { location: HashLocation }) {
  const { t, i18n } = useTranslation();
  const brand = useBrand();
  const [isClosed, setClosed] = useState(false);
  const isRequested = location.search.includes('debugme') || window.location.search.includes('debugme');
  if (!isRequested || isClosed) return null;

  const rows: [string, string][] = [
    [t('debug.version'), appVersion],
    [t('debug.brand'), brand.name],
    [t('debug.language'), currentLocale(i18n)],
    [t('debug.host'), window.location.host],
    [t('debug.route'), location.pathname],
  ];
  return (
    <Paper
      role="region"
      aria-label={t('debug.title')}
      elevation={8}
      sx={{ position: 'fixed', left: 16, bottom: 16, zIndex: uiSizes.dialogZIndex + 1, p: 2, pr: 6, maxWidth: 360 }}
    >
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('debug.title')}
      </Typography>
      <IconButton
        size="small"
        aria-label={t('common.close')}
        onClick={() => setClosed(true)}
        sx={{ position: 'absolute', top: 8, right: 8 }}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="caption" sx={{ m: 0, fontFamily: 'monospace', wordBreak: 'break-all' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
