import Box from '@mui/material/Box';
import type { Currency } from '@signlink/contracts/constants';
import { formatMoney, formatSwedishVatBracket } from '@signlink/contracts/format/format-amount';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/create-app-i18n.ts';

/**
 * An amount as SPEC section 5 shows it: the money in the reader's language, and for Swedish SEK the bracket of 1.25
 * times it in kr, including VAT, a little quieter beside it.
 */
export function MoneyText({ minor, currency }: { minor: number; currency: Currency }) {
  const { i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const bracket = formatSwedishVatBracket(minor, currency, locale);
  return (
    <>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatMoney(minor, currency, locale)}
      </Box>
      {bracket && (
        <>
          {' '}
          <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.875em', whiteSpace: 'nowrap' }}>
            {bracket}
          </Box>
        </>
      )}
    </>
  );
}
