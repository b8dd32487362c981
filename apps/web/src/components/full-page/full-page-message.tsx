import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface FullPageMessageProps {
  /** A picture above the title: a spinner, a symbol. */
  visual?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}

/** A centred card for the screens that are one message: not found, maintenance, closed, placeholders. */
export function FullPageMessage({ visual, title, children, actions }: FullPageMessageProps) {
  return (
    <Box sx={{ flex: '1 0 auto', display: 'flex', alignItems: 'center', justifyContent: 'center', px: 2, py: 6 }}>
      <Paper
        variant="outlined"
        sx={{ maxWidth: 560, width: '100%', px: { xs: 3, sm: 5 }, py: { xs: 4, sm: 5 }, textAlign: 'center' }}
      >
        {visual && <Box sx={{ mb: 2, display: 'flex', justifyContent: 'center' }}>{visual}</Box>}
        <Typography variant="h2" component="h1" sx={{ mb: 1.5, fontSize: { xs: '1.5rem', sm: '1.75rem' } }}>
          {title}
        </Typography>
        {children && (
          <Typography component="div" color="text.secondary" sx={{ lineHeight: 1.6 }}>
            {children}
          </Typography>
        )}
        {actions && (
          <Box sx={{ mt: 3, display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>{actions}</Box>
        )}
      </Paper>
    </Box>
  );
}

/** A large round symbol in the brand colour, for the message screens. */
export function PageSymbol({ children, tone = 'primary' }: { children: ReactNode; tone?: 'primary' | 'warning' }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: 64,
        height: 64,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        fontSize: 30,
        fontWeight: 700,
        color: `${tone}.contrastText`,
        bgcolor: `${tone}.main`,
      }}
    >
      {children}
    </Box>
  );
}
