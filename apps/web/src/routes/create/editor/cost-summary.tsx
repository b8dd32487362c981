import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { formatMoney } from '@signlink/contracts/format/format-amount';
import { matchLocale } from '@signlink/contracts/locales';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { CostResponse } from '../../../api/drafts-api.ts';

/** What sending costs (`POST linktinker/links/cost`): each line, the total and the balance that must cover it. */
export function CostSummary({ cost }: { cost: CostResponse }) {
  const { t, i18n } = useTranslation();
  const money = (minor: number) => formatMoney(minor, cost.Currency, matchLocale(i18n.language));
  return (
    <>
      <Table size="small" aria-label={t('editor.send.costTable')}>
        <TableBody>
          {cost.Lines.map((line) => (
            <TableRow key={line.Kind}>
              <TableCell>
                {t(`editor.send.lines.${line.Kind}`)} × {line.Quantity}
              </TableCell>
              <TableCell align="right">{money(line.AmountMinor)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell sx={{ fontWeight: 700 }}>{t('editor.send.total')}</TableCell>
            <TableCell align="right" sx={{ fontWeight: 700 }}>
              {money(cost.TotalMinor)}
            </TableCell>
          </TableRow>
          <TableRow>
            <TableCell>{t('editor.send.balance')}</TableCell>
            <TableCell align="right">{money(cost.BalanceMinor)}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
      {!cost.IsCovered && (
        <Alert severity="warning" role="alert" sx={{ mt: 2 }}>
          {t('errors:insufficientBalance')}{' '}
          {/* The draft stays as saved; an unsaved edit asks first (use-leave-warning). */}
          <Link component={RouterLink} to="/billing/balance?topup=1">
            {t('billing.balance.topUp')}
          </Link>
        </Alert>
      )}
    </>
  );
}
