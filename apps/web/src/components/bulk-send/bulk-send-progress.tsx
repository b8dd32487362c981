import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormError } from '../forms/form-error.tsx';
import type { BulkSendApi, BulkSendProgress } from './bulk-send-api.ts';
import { problemMessageKey } from './bulk-send-preview.tsx';

const pollMs = 2000;

/** The confirmed bulk send as its jobs send it: polled until every valid row is sent or failed. */
export function BulkSendProgressView({ api, initial }: { api: BulkSendApi; initial: BulkSendProgress }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['api', 'bulksends', initial.Id],
    queryFn: () => api.progress(initial.Id),
    initialData: initial,
    refetchInterval: (current) => (current.state.data?.Status === 'sending' ? pollMs : false),
  });
  const progress = query.data;
  const valid = progress.Total - progress.Invalid;
  const ended = progress.Sent + progress.Failed;
  const percent = valid > 0 ? Math.round((ended / valid) * 100) : 100;
  return (
    <>
      <LinearProgress variant="determinate" value={percent} aria-label={t('bulkSend.progress.label')} />
      <Typography role="status">
        {progress.Status === 'done'
          ? t('bulkSend.progress.done', { sent: progress.Sent, failed: progress.Failed })
          : t('bulkSend.progress.sending', { sent: progress.Sent, total: valid })}
      </Typography>
      {query.isError && <FormError error={query.error} />}
      {progress.Failures.length > 0 && (
        <List aria-label={t('bulkSend.progress.failures')} dense>
          {progress.Failures.map((failure) => (
            <ListItem key={failure.Row}>
              {t('bulkSend.progress.failure', { row: failure.Row, reason: t(problemMessageKey(failure.Code)) })}
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}
