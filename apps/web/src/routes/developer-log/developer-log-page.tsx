import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { listDeveloperLogRoute } from '@signlink/contracts/developer/developer-log.routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSignedInUser } from '../../api/session-context.tsx';
import { useApiQuery } from '../../api/use-api-query.ts';
import { DocumentsPage } from '../../components/documents/documents-page.tsx';
import { FormError } from '../../components/forms/form-error.tsx';
import { copyLinkAddress } from '../../components/links/link-address.tsx';
import { managesIntegrations } from '../../lib/account-roles.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { DeveloperLogList } from './developer-log-list.tsx';

const searchDelayMs = 300;
const pageSize = 25;

/**
 * /logger (SPEC section 2 "Developer log"; issue 26, part 6): the account's integrations' failed calls of the last
 * 30 days, searchable, for a company's administrators (the server refuses anyone else; others read why here).
 */
export function DeveloperLogPage() {
  const { t } = useTranslation();
  const auth = useSignedInUser();
  const mayRead = auth ? managesIntegrations(auth) : false;
  return (
    <DocumentsPage
      title={t('routes.logger')}
      subtitle={t('developerLog.intro')}
      actions={
        <Button component={RouterLink} to="/settings/integration" variant="outlined">
          {t('developerLog.integration')}
        </Button>
      }
    >
      {auth && !mayRead && (
        <Alert severity="info" role="status">
          {t('developerLog.noAccess')}
        </Alert>
      )}
      {mayRead && <DeveloperLog />}
    </DocumentsPage>
  );
}

function DeveloperLog() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const settledSearch = useDebouncedValue(search.trim(), searchDelayMs);
  const log = useApiQuery(
    listDeveloperLogRoute,
    { query: { ...(settledSearch ? { search: settledSearch } : {}), page, pageSize } },
    { silent: true },
    { staleTime: 0, placeholderData: (previous) => previous },
  );
  const [copied, setCopied] = useState<{ requestId: string; ok: boolean } | null>(null);

  const copy = async (requestId: string) => setCopied({ requestId, ok: await copyLinkAddress(requestId) });
  const data = log.data;
  const pageCount = data ? Math.ceil(data.Total / data.PageSize) : 0;

  return (
    <Stack spacing={2}>
      {copied && (
        <Alert severity={copied.ok ? 'success' : 'warning'} role="status" onClose={() => setCopied(null)}>
          {copied.ok ? t('developerLog.copied', { requestId: copied.requestId }) : t('developerLog.copyFailed')}
        </Alert>
      )}
      <Box component="form" role="search" onSubmit={(event) => event.preventDefault()}>
        <TextField
          type="search"
          size="small"
          fullWidth
          label={t('developerLog.search')}
          helperText={t('developerLog.searchHelp')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
          sx={{ maxWidth: { sm: 420 } }}
        />
      </Box>
      {log.isPending && (
        <Box role="status" aria-label={t('states.loading')} sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress />
        </Box>
      )}
      {log.isError && <FormError error={log.error} />}
      {data && data.Entries.length === 0 && (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography>
            {settledSearch ? t('developerLog.noMatch', { search: settledSearch }) : t('developerLog.empty')}
          </Typography>
        </Paper>
      )}
      {data && data.Entries.length > 0 && (
        <>
          <Typography color="text.secondary" role="status">
            {t('developerLog.count', { count: data.Total })}
          </Typography>
          <Box sx={{ opacity: log.isPlaceholderData ? 0.6 : 1 }}>
            <DeveloperLogList entries={data.Entries} onCopy={(requestId) => void copy(requestId)} />
          </Box>
          {pageCount > 1 && (
            <Pagination
              count={pageCount}
              page={page}
              onChange={(_event, chosen) => setPage(chosen)}
              sx={{ display: 'flex', justifyContent: 'center' }}
              getItemAriaLabel={(type, item) =>
                type === 'page' ? t('developerLog.page', { page: item }) : t(`developerLog.${type}`)
              }
            />
          )}
        </>
      )}
    </Stack>
  );
}
