import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { listSubInboxesRoute } from '@signlink/contracts/documents/documents.routes';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiQuery } from '../../api/use-api-query.ts';

/**
 * The inbox's sub-inboxes (one per public link, `GET linktinker/subinboxes`): the list shows one link's
 * submissions, kept in the address as `?subinbox=` like the other filters. Hidden while there are none.
 */
export function SubInboxFilter() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const subInboxes = useApiQuery(listSubInboxesRoute, {}, { silent: true }, { retry: false });
  const chosen = params.get('subinbox') ?? '';
  const list = subInboxes.data?.SubInboxes ?? [];
  if (list.length === 0 && !chosen) return null;
  const choose = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('subinbox', value);
        else next.delete('subinbox');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  return (
    <TextField
      select
      size="small"
      label={t('publicLinks.inbox.subInbox')}
      value={list.some((item) => item.Id === chosen) || !chosen ? chosen : ''}
      onChange={(event) => choose(event.target.value)}
      sx={{ mb: 1.5, minWidth: { xs: '100%', sm: 320 } }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{t('publicLinks.inbox.allSubInboxes')}</MenuItem>
      {list.map((item) => (
        <MenuItem key={item.Id} value={item.Id}>
          {t('publicLinks.inbox.subInboxItem', { name: item.Name, count: item.Count })}
        </MenuItem>
      ))}
    </TextField>
  );
}
