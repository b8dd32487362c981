import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorCatalogue, isErrorCode } from '@signlink/contracts/errors/error-codes';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../billing/money-text.tsx';
import type { BulkSendPreview } from './bulk-send-api.ts';

/** The catalogue's words for a row problem's code (SPEC section 8). */
export function problemMessageKey(code: string): string {
  return isErrorCode(code) ? `errors:${errorCatalogue[code].key}` : 'errors:unexpectedError';
}

/** What the preview found: how many rows are ready, each bad row's problems by column, and the valid rows' cost. */
export function BulkSendPreviewView({ preview }: { preview: BulkSendPreview }) {
  const { t } = useTranslation();
  const problems = preview.Rows.flatMap((row) =>
    row.Problems.map((problem, index) => ({ key: `${row.Row}-${index}`, row: row.Row, ...problem })),
  );
  return (
    <>
      <Typography role="status">
        {t('bulkSend.preview.counts', { valid: preview.Valid, invalid: preview.Invalid })}
      </Typography>
      {problems.length > 0 && (
        <TableContainer sx={{ maxHeight: 320 }}>
          <Table size="small" stickyHeader aria-label={t('bulkSend.preview.problems')}>
            <TableHead>
              <TableRow>
                <TableCell scope="col">{t('bulkSend.preview.row')}</TableCell>
                <TableCell scope="col">{t('bulkSend.preview.column')}</TableCell>
                <TableCell scope="col">{t('bulkSend.preview.problem')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {problems.map((problem) => (
                <TableRow key={problem.key}>
                  <TableCell>{problem.row}</TableCell>
                  <TableCell>{problem.Column ?? ''}</TableCell>
                  <TableCell>{t(problemMessageKey(problem.Code))}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Typography>
        {t('bulkSend.preview.cost')}{' '}
        <strong>
          <MoneyText minor={preview.Cost.TotalMinor} currency={preview.Cost.Currency} />
        </strong>
      </Typography>
      <Typography color="text.secondary">
        {t('bulkSend.preview.balance')} <MoneyText minor={preview.Cost.BalanceMinor} currency={preview.Cost.Currency} />
      </Typography>
      {preview.Valid > 0 && !preview.Cost.IsCovered && (
        <Typography role="alert" color="error">
          {t('errors:insufficientBalance')}
        </Typography>
      )}
      {problems.length > 0 && preview.Valid > 0 && (
        <Typography color="text.secondary">{t('bulkSend.preview.skipped')}</Typography>
      )}
    </>
  );
}
