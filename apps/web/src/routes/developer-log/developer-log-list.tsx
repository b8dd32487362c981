import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { DeveloperLogEntry } from '@signlink/contracts/developer/developer-log';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/documents/format-date.ts';

interface DeveloperLogListProps {
  entries: DeveloperLogEntry[];
  onCopy: (requestId: string) => void;
}

/** Paths and ids are code: they read in a fixed-width font and break anywhere rather than widen the table. */
const codeSx = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const;

/** A table from the sm breakpoint up; on a phone, one card per error (SPEC section 2: every screen on a phone). */
export function DeveloperLogList(props: DeveloperLogListProps) {
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return isPhone ? <DeveloperLogCards {...props} /> : <DeveloperLogTable {...props} />;
}

function CopyRequestId({ requestId, onCopy }: { requestId: string; onCopy: (requestId: string) => void }) {
  const { t } = useTranslation();
  return (
    <Button size="small" onClick={() => onCopy(requestId)} aria-label={t('developerLog.copyFor', { requestId })}>
      {t('developerLog.copy')}
    </Button>
  );
}

function DeveloperLogTable({ entries, onCopy }: DeveloperLogListProps) {
  const { t, i18n } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('developerLog.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('developerLog.columns.time')}</TableCell>
            <TableCell>{t('developerLog.columns.client')}</TableCell>
            <TableCell>{t('developerLog.columns.method')}</TableCell>
            <TableCell>{t('developerLog.columns.path')}</TableCell>
            <TableCell align="right">{t('developerLog.columns.status')}</TableCell>
            <TableCell>{t('developerLog.columns.code')}</TableCell>
            <TableCell>{t('developerLog.columns.requestId')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.Id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.Time, i18n.language)}</TableCell>
              <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                {entry.ClientName}
              </TableCell>
              <TableCell>{entry.Method}</TableCell>
              <TableCell sx={codeSx}>{entry.Path}</TableCell>
              <TableCell align="right">{entry.Status}</TableCell>
              <TableCell sx={codeSx}>{entry.Code}</TableCell>
              <TableCell>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Box component="span" sx={{ ...codeSx, fontSize: '0.8rem' }}>
                    {entry.RequestId}
                  </Box>
                  <CopyRequestId requestId={entry.RequestId} onCopy={onCopy} />
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function DeveloperLogCards({ entries, onCopy }: DeveloperLogListProps) {
  const { t, i18n } = useTranslation();
  return (
    <Stack component="ul" aria-label={t('developerLog.label')} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {entries.map((entry) => (
        <Paper component="li" variant="outlined" key={entry.Id} sx={{ p: 2 }}>
          <Typography component="h2" sx={{ fontWeight: 600, fontSize: '1rem', ...codeSx }}>
            {entry.Method} {entry.Path}
          </Typography>
          <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5 }}>
            {[
              [t('developerLog.columns.time'), formatDateTime(entry.Time, i18n.language)],
              [t('developerLog.columns.client'), entry.ClientName],
              [t('developerLog.columns.status'), String(entry.Status)],
              [t('developerLog.columns.code'), entry.Code],
              [t('developerLog.columns.requestId'), entry.RequestId],
            ].map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
          <Box sx={{ mt: 1, textAlign: 'right' }}>
            <CopyRequestId requestId={entry.RequestId} onCopy={onCopy} />
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}
