import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type DocumentStatus, documentStatuses } from '@signlink/contracts/documents/document-status';
import { documentSorts } from '@signlink/contracts/documents/documents';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { DocumentsQuery } from '../../api/documents-api.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useStatusLabel } from './document-status-chip.tsx';

type Sort = (typeof documentSorts)[number];
const ages = [7, 14, 30] as const;
export const documentsPageSize = 25;
const searchDelayMs = 400;
/** A select whose empty value means "all": the label stays above it and "All …" shows. */
const emptyShown = { inputLabel: { shrink: true }, select: { displayEmpty: true } } as const;

function oneOf<T extends string | number>(values: readonly T[], raw: string | null): T | undefined {
  return values.find((value) => String(value) === raw);
}

/**
 * A list's filters live in the address (`?status=&days=&sort=&q=&page=`), so reloading or going back keeps them;
 * this reads them as the query `GET linktinker/errands` takes.
 */
export function useDocumentFilters(box: DocumentsQuery['box']) {
  const [params, setParams] = useSearchParams();
  const query: DocumentsQuery = {
    box,
    status: oneOf(documentStatuses, params.get('status')),
    olderThanDays: oneOf(ages, params.get('days')),
    sort: oneOf(documentSorts, params.get('sort')) ?? 'latest-activity',
    search: params.get('q')?.trim() || undefined,
    // The inbox's sub-inbox (a public link's submissions), chosen beside the filters (inbox-page.tsx).
    subInboxId: params.get('subinbox') || undefined,
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize: documentsPageSize,
  };
  /** Any filter change starts again at page 1. */
  const set = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return {
    query,
    set,
    hasFilters: Boolean(query.status || query.olderThanDays || query.search || query.subInboxId),
  };
}

/** Status, age, sort and search (SPEC section 2: all days, or at least 7, 14 or 30 days ago). */
export function DocumentFilters({
  query,
  statuses,
  searchLabel,
  onChange,
}: {
  query: DocumentsQuery;
  statuses: readonly DocumentStatus[];
  /** What the search matches, when it is more than the default's names and titles. */
  searchLabel?: string;
  onChange: (changes: Record<string, string | undefined>) => void;
}) {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  const [search, setSearch] = useState(query.search ?? '');
  const settled = useDebouncedValue(search, searchDelayMs);
  // The server is asked once the typing pauses, not per key.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search changes the address
  useEffect(() => {
    if ((settled.trim() || undefined) !== query.search) onChange({ q: settled.trim() || undefined });
  }, [settled]);
  return (
    <Box
      // Two columns on a phone (search and sort across both), one row from md up.
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 2,
        gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1.2fr 1fr 1fr' },
        '& > .wide': { gridColumn: { xs: '1 / -1', md: 'auto' } },
      }}
      component="form"
      role="search"
      onSubmit={(event) => event.preventDefault()}
      aria-label={t('documents.filters.label')}
    >
      <TextField
        type="search"
        size="small"
        label={searchLabel ?? t('documents.filters.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        className="wide"
      />
      <TextField
        select
        size="small"
        label={t('documents.filters.status')}
        value={query.status ?? ''}
        onChange={(event) => onChange({ status: event.target.value || undefined })}
        slotProps={emptyShown}
      >
        <MenuItem value="">{t('documents.filters.allStatuses')}</MenuItem>
        {statuses.map((status) => (
          <MenuItem key={status} value={status}>
            {statusLabel(status)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('documents.filters.age')}
        value={query.olderThanDays ? String(query.olderThanDays) : ''}
        onChange={(event) => onChange({ days: event.target.value || undefined })}
        slotProps={emptyShown}
      >
        <MenuItem value="">{t('documents.filters.allDays')}</MenuItem>
        {ages.map((days) => (
          <MenuItem key={days} value={String(days)}>
            {t('documents.filters.olderThan', { count: days })}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('documents.filters.sort')}
        value={query.sort}
        onChange={(event) =>
          onChange({ sort: event.target.value === 'latest-activity' ? undefined : event.target.value })
        }
        className="wide"
      >
        {documentSorts.map((sort: Sort) => (
          <MenuItem key={sort} value={sort}>
            {t(`documents.sorts.${sort}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
