import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { AuthState } from '@signlink/contracts/auth/auth-state';
import { formatMoney } from '@signlink/contracts/format/format-amount';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { currentLocale } from '../../i18n/create-app-i18n.ts';
import { visuallyHidden } from '../../lib/visually-hidden.ts';
import { accountBalanceOf } from '../billing/account-balance.ts';

/**
 * SPEC section 9's low-balance level in the header: nothing while the balance is fine (1), a link to the balance when
 * it is getting low (0) or low (-1), its words saying which, so colour is not the only sign (WCAG 1.4.1).
 */
export function LowBalanceIndicator({ auth }: { auth: AuthState }) {
  const { t, i18n } = useTranslation();
  const { minor, currency, level } = accountBalanceOf(auth);
  if (level === 1) return null;
  const label = level === -1 ? t('header.lowBalance') : t('header.gettingLowBalance');
  // A negative total would be a ledger fault; the header still says "low" rather than failing the page.
  const amount = formatMoney(Math.max(0, minor), currency, currentLocale(i18n));
  return (
    <Button
      component={RouterLink}
      to="/billing/balance"
      color="inherit"
      variant="outlined"
      size="small"
      sx={{ flexShrink: 0, gap: 0.75, whiteSpace: 'nowrap', borderRadius: 4 }}
    >
      <Box
        component="span"
        aria-hidden
        sx={{
          width: 10,
          height: 10,
          borderRadius: '50%',
          bgcolor: level === -1 ? 'error.main' : 'warning.main',
          border: '1px solid currentColor',
        }}
      />
      {/* Seen: the level (not on a phone) and the amount. Read: one sentence with the same words in the same order
          (WCAG 2.5.3), flex items being read as separate blocks otherwise. */}
      <Box component="span" aria-hidden sx={{ display: { xs: 'none', sm: 'inline' } }}>
        {label}
      </Box>
      <Box component="span" aria-hidden>
        {amount}
      </Box>
      <Box component="span" sx={visuallyHidden}>
        {`${label}: ${amount}. ${t('header.openBilling')}`}
      </Box>
    </Button>
  );
}
