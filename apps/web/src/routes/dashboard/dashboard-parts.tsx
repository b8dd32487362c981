import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ApiError } from '../../api/api-error.ts';
import type { DocumentList } from '../../api/documents-api.ts';
import { DocumentStatusChip, LateChip } from '../../components/documents/document-status-chip.tsx';
import { formatDate } from '../../components/documents/format-date.ts';
import { FormError } from '../../components/forms/form-error.tsx';

/** A dashboard block: a heading (with its count), the content, and a link to the whole list. */
export function DashboardSection({
  id,
  title,
  count,
  more,
  children,
}: {
  id: string;
  title: string;
  count?: number;
  more?: { to: string; label: string };
  children: ReactNode;
}) {
  const headingId = `dashboard-${id}`;
  return (
    <Box component="section" aria-labelledby={headingId}>
      {/* On a narrow screen the link moves under the heading rather than squeezing it. */}
      <Stack
        direction="row"
        sx={{ alignItems: 'baseline', justifyContent: 'space-between', columnGap: 2, flexWrap: 'wrap', mb: 1 }}
      >
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600 }}>
          {title}
          {count !== undefined && (
            <Chip label={count} size="small" color="primary" sx={{ ml: 1, verticalAlign: 'text-bottom' }} />
          )}
        </Typography>
        {more && (
          <Link component={RouterLink} to={more.to} underline="hover" sx={{ flexShrink: 0 }}>
            {more.label}
          </Link>
        )}
      </Stack>
      {children}
    </Box>
  );
}

/** A few documents, each with its status and when it was sent; the overview one click away. */
export function DocumentSummaryList({
  query,
  empty,
}: {
  query: UseQueryResult<DocumentList, ApiError>;
  empty: string;
}) {
  const { t, i18n } = useTranslation();
  if (query.isPending) {
    return (
      <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
        <CircularProgress size={28} />
      </Box>
    );
  }
  if (query.isError) return <FormError error={query.error} />;
  if (query.data.Errands.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography color="text.secondary">{empty}</Typography>
      </Paper>
    );
  }
  return (
    <Paper variant="outlined">
      <List disablePadding>
        {query.data.Errands.map((document, index, all) => (
          <ListItem key={document.Id} divider={index < all.length - 1} sx={{ display: 'block', py: 1.25 }}>
            <Link
              component={RouterLink}
              to={`/document/${encodeURIComponent(document.Id)}`}
              underline="hover"
              sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {document.Name}
            </Link>
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
              <DocumentStatusChip status={document.Status} />
              {document.IsLate && <LateChip />}
              <Typography variant="body2" color="text.secondary">
                {document.Sent && t('documents.row.sent', { date: formatDate(document.Sent, i18n.language) })}
                {document.Sent && ' · '}
                {t('documents.row.signedCount', { signed: document.SignedCount, total: document.PartyCount })}
              </Typography>
            </Stack>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
