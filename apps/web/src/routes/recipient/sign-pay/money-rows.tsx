import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { Currency } from '@signlink/contracts/constants';
import { formatMoney } from '@signlink/contracts/format/format-amount';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n/create-app-i18n.ts';

export interface MoneyRow {
  label: string;
  /** Text, or an amount in minor units in the row's currency. */
  value: ReactNode | { minor: number };
  isStrong?: boolean;
}

/**
 * A payment's facts as label and value rows. The money without MoneyText's Swedish bracket: a Sign & Pay total
 * already includes its VAT (SPEC section 9), so "inkl. moms" of 1.25 times it would be wrong.
 */
export function MoneyRows({ rows, currency }: { rows: MoneyRow[]; currency: Currency }) {
  const { i18n } = useTranslation();
  const locale = currentLocale(i18n);
  return (
    <Table size="small" sx={{ my: 1.5 }}>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.label}>
            <TableCell component="th" scope="row" sx={{ pl: 0, color: 'text.secondary', fontWeight: 'normal' }}>
              {row.label}
            </TableCell>
            <TableCell
              align="right"
              sx={{ pr: 0, fontWeight: row.isStrong ? 'bold' : 'normal', overflowWrap: 'anywhere' }}
            >
              {isAmount(row.value) ? (
                <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(row.value.minor, currency, locale)}</span>
              ) : (
                row.value
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const isAmount = (value: MoneyRow['value']): value is { minor: number } =>
  typeof value === 'object' && value !== null && 'minor' in value;

/** An amount in the reader's language, for texts (the terms, the pay button). */
export function useFormatMoney() {
  const { i18n } = useTranslation();
  const locale = currentLocale(i18n);
  return (minor: number, currency: Currency) => formatMoney(minor, currency, locale);
}
