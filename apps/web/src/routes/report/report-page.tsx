import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { findDocumentRoute } from '@signlink/contracts/documents/documents.routes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useApiQuery } from '../../api/use-api-query.ts';
import { DocumentStatusChip } from '../../components/documents/document-status-chip.tsx';
import { DocumentsPage } from '../../components/documents/documents-page.tsx';
import { formatDateTime } from '../../components/documents/format-date.ts';
import { labelOf } from '../../components/documents/history-timeline.tsx';
import { FormError } from '../../components/forms/form-error.tsx';

/** On paper only the report: no header, footer, or buttons. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header, footer, .report-no-print': { display: 'none !important' },
        body: { background: '#fff' },
      },
    }}
  />
);

/** /report/{id} (SPEC section 2): the document's record on one page, made to print (title, status, parties, history). */
export function ReportPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const detail = useApiQuery(findDocumentRoute, { params: { id } }, { silent: true }, { retry: false });
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '–');
  if (!detail.data) {
    return (
      <DocumentsPage title={t('routes.report')}>
        {detail.isError ? (
          <FormError error={detail.error} />
        ) : (
          <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
            <CircularProgress />
          </Box>
        )}
      </DocumentsPage>
    );
  }
  const document = detail.data;
  return (
    <DocumentsPage
      title={t('report.title', { name: document.Name })}
      subtitle={t('report.generated', { date: formatDateTime(new Date().toISOString(), i18n.language) })}
      actions={
        <Box className="report-no-print" sx={{ display: 'flex', gap: 1 }}>
          <Button component={RouterLink} to={`/document/${encodeURIComponent(document.Id)}`}>
            {t('report.backToOverview')}
          </Button>
          <Button variant="contained" onClick={() => window.print()}>
            {t('report.print')}
          </Button>
        </Box>
      }
    >
      {printStyles}
      <Stack spacing={3}>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, columnGap: 3 }}
        >
          <Fact label={t('report.status')}>
            <DocumentStatusChip status={document.Status} />
          </Fact>
          <Fact label={t('report.owner')}>{document.Owner.Name}</Fact>
          <Fact label={t('report.created')}>{when(document.Created)}</Fact>
          <Fact label={t('report.sent')}>{when(document.Sent)}</Fact>
          <Fact label={t('report.files')}>{document.Files.map((file) => file.Title).join(', ')}</Fact>
        </Box>
        <ReportTable
          title={t('overview.parties.title')}
          headings={[t('report.party'), t('report.contact'), t('report.signed')]}
          rows={document.Parties.map((party) => [
            party.Name,
            [party.Email, party.Phone].filter(Boolean).join(', '),
            party.Signed ? when(party.SignedAt) : t('documents.party.notSigned'),
          ])}
        />
        <ReportTable
          title={t('history.title')}
          headings={[t('report.time'), t('report.event'), t('report.party')]}
          rows={document.History.map((event) => [when(event.At), labelOf(event, t), event.PartyName ?? ''])}
        />
      </Stack>
    </DocumentsPage>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

function ReportTable({ title, headings, rows }: { title: string; headings: string[]; rows: string[][] }) {
  return (
    <Box component="section">
      <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              {headings.map((heading) => (
                <TableCell key={heading} sx={{ fontWeight: 600 }}>
                  {heading}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((cells, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a report's rows never move
              <TableRow key={index}>
                {cells.map((cell, column) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed
                  <TableCell key={column} sx={{ overflowWrap: 'anywhere' }}>
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
